/// Writes the compact canonical form: sorted keys, no whitespace, minimal escapes.
struct CompactWriter {
    let out: ByteSink

    init(into out: ByteSink) { self.out = out }

    func write(_ value: JSONValue) {
        if ScalarWriter.appendScalar(value, to: out) { return }
        switch value {
        case .null, .bool, .int, .string: return
        case .array(let a):
            out.append(UInt8(ascii: "["))
            var first = true
            for element in a {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                write(element)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            var first = true
            for m in o.members {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                ScalarWriter.appendString(m.key, to: out)
                out.append(UInt8(ascii: ":"))
                write(m.value)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func bytes(_ value: JSONValue, capacity: Int = 256) -> [UInt8] {
        let sink = ByteSink(capacity: capacity)
        CompactWriter(into: sink).write(value)
        return sink.bytes()
    }
}

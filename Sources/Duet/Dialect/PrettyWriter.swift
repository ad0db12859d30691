/// Writes the pinned on-disk form: 2-space indent, `": "`, `{}`/`[]` inline when empty,
/// canonical key order, scalars as in the compact form, one trailing newline.
struct PrettyWriter {
    var out: [UInt8]

    init(capacity: Int = 1024) {
        out = []
        out.reserveCapacity(capacity)
    }

    mutating func writeDocument(_ value: JSONValue) {
        write(value, indent: 0)
        out.append(UInt8(ascii: "\n"))
    }

    private mutating func newline(indent: Int) {
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<(indent * 2) { out.append(UInt8(ascii: " ")) }
    }

    private mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .null: ScalarWriter.appendLiteral("null", to: &out)
        case .bool(let b): ScalarWriter.appendLiteral(b ? "true" : "false", to: &out)
        case .int(let i): ScalarWriter.appendInt(i, to: &out)
        case .string(let s): ScalarWriter.appendString(s, to: &out)
        case .array(let a):
            if a.isEmpty { ScalarWriter.appendLiteral("[]", to: &out); return }
            out.append(UInt8(ascii: "["))
            for (i, element) in a.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent: indent + 1)
                write(element, indent: indent + 1)
            }
            newline(indent: indent)
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            if o.members.isEmpty { ScalarWriter.appendLiteral("{}", to: &out); return }
            out.append(UInt8(ascii: "{"))
            for (i, m) in o.members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent: indent + 1)
                ScalarWriter.appendString(m.key, to: &out)
                ScalarWriter.appendLiteral(": ", to: &out)
                write(m.value, indent: indent + 1)
            }
            newline(indent: indent)
            out.append(UInt8(ascii: "}"))
        }
    }
}

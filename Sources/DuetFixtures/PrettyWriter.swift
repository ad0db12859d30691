import Duet

/// Writes the pinned on-disk form: 2-space indent, `": "`, `{}`/`[]` inline when empty,
/// canonical key order, scalars as in the compact form, one trailing newline.
struct PrettyWriter {
    let out: ByteSink

    init(into out: ByteSink) { self.out = out }

    func writeDocument(_ value: JSONValue) {
        write(value, indent: 0)
        out.append(UInt8(ascii: "\n"))
    }

    private func newline(indent: Int) {
        out.reserve(indent * 2 + 1)
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<(indent * 2) { out.append(UInt8(ascii: " ")) }
    }

    private func write(_ value: JSONValue, indent: Int) {
        if ScalarWriter.appendScalar(value, to: out) { return }
        switch value {
        case .null, .bool, .int, .string: return
        case .array(let a):
            if a.isEmpty { out.append("[]"); return }
            out.append(UInt8(ascii: "["))
            for (i, element) in a.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent: indent + 1)
                write(element, indent: indent + 1)
            }
            newline(indent: indent)
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            if o.members.isEmpty { out.append("{}"); return }
            out.append(UInt8(ascii: "{"))
            for (i, m) in o.members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent: indent + 1)
                ScalarWriter.appendString(m.key, to: out)
                out.append(": ")
                write(m.value, indent: indent + 1)
            }
            newline(indent: indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    static func bytes(_ value: JSONValue) -> [UInt8] {
        let sink = ByteSink(capacity: 1024)
        PrettyWriter(into: sink).writeDocument(value)
        return sink.bytes()
    }
}

extension JSONValue {
    /// The pinned pretty form: 2-space indent, `": "`, `{}`/`[]` inline when empty, one trailing newline.
    public var prettyBytes: [UInt8] {
        PrettyWriter.bytes(self)
    }

    public var prettyString: String { String(decoding: prettyBytes, as: UTF8.self) }
}

extension CanonicalJSON {
    /// Parse + pretty write: what goes to disk.
    ///
    /// ```swift
    /// let pretty = try CanonicalJSON.prettify(fileBytes)
    /// ```
    public static func prettify(_ bytes: [UInt8]) throws(DialectError) -> [UInt8] {
        try parse(bytes).prettyBytes
    }
}

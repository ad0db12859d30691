import Foundation

// The values `CanonicalWriter` accepts, each written as its `Codable` form is by `CanonicalEncoder`.

extension String: CanonicalWritable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws { try writer.writeScalar { ScalarWriter.appendString(self, to: $0) } }
}

extension Bool: CanonicalWritable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws { try writer.writeScalar { $0.append(self ? "true" : "false") } }
}

/// The fixed-width integers; above `Int64.max` refused, as in the Codable path.
extension CanonicalWritable where Self: FixedWidthInteger {
    public func writeCanonical(to writer: inout CanonicalWriter) throws { try writer.writeInteger(self) }
}

extension Int: CanonicalWritable {}
extension Int8: CanonicalWritable {}
extension Int16: CanonicalWritable {}
extension Int32: CanonicalWritable {}
extension Int64: CanonicalWritable {}
extension UInt: CanonicalWritable {}
extension UInt8: CanonicalWritable {}
extension UInt16: CanonicalWritable {}
extension UInt32: CanonicalWritable {}
extension UInt64: CanonicalWritable {}

/// Lowercase `8-4-4-4-12`.
extension UUID: CanonicalWritable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws { try writer.writeScalar { UUIDText.append(self, to: $0) } }
}

/// `"2026-07-02T09:30:00.000Z"`.
extension Date: CanonicalWritable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws { try writer.writeScalar { DateCoding.append(self, to: $0) } }
}

extension URL: CanonicalWritable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws { try absoluteString.writeCanonical(to: &writer) }
}

/// Base64, as `CanonicalEncoder` writes `Data`.
extension Data: CanonicalWritable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws { try base64EncodedString().writeCanonical(to: &writer) }
}

/// Written as is; a literal `.null` stays `null` (it is not an absent optional).
extension JSONValue: CanonicalWritable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws { try writer.writeScalar { CompactWriter(into: $0).write(self) } }
}

extension JSONObject: CanonicalWritable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws { try JSONValue.object(self).writeCanonical(to: &writer) }
}

/// nil: an object member is omitted, an array element is `null`.
extension Optional: CanonicalWritable where Wrapped: CanonicalWritable {
    @inlinable
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        if let wrapped = self { try wrapped.writeCanonical(to: &writer) } else { try writer.writeAbsent() }
    }
}

extension Array: CanonicalWritable where Element: CanonicalWritable {
    @inlinable
    public func writeCanonical(to writer: inout CanonicalWriter) throws { try writer.array(self) }
}

/// An object with the keys in canonical order; nil values omitted.
extension Dictionary: CanonicalWritable where Key == String, Value: CanonicalWritable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.writeDictionary(self)
    }
}

extension CanonicalWriter {
    mutating func writeDictionary<V: CanonicalWritable>(_ dictionary: [String: V]) throws {
        let entries = dictionary.map { (key: ScalarOrder.normalized($0.key), value: $0.value) }
            .sorted { ScalarOrder.compare($0.key, $1.key) < 0 }
        try claim()
        out.append(UInt8(ascii: "{"))
        var member = CanonicalWriter(out: out)
        var count = 0
        for (i, entry) in entries.enumerated() {
            if i > 0, ScalarOrder.compare(entries[i - 1].key, entry.key) == 0 {
                throw CodingRefusal(codingPath: entry.key, message: "two dictionary keys are the same UUID in different case: keep one")
            }
            let start = out.count
            if count > 0 { out.append(UInt8(ascii: ",")) }
            ScalarWriter.appendString(entry.key, to: out)
            out.append(UInt8(ascii: ":"))
            member.status = .empty
            do { try entry.value.writeCanonical(to: &member) } catch {
                throw (error as? CodingRefusal)?.prefixed(with: .key(entry.key)) ?? error
            }
            switch member.status {
            case .value: count += 1
            case .absent: out.truncate(to: start)
            case .empty: throw CodingRefusal(codingPath: entry.key, message: Self.wroteNothing)
            }
        }
        out.append(UInt8(ascii: "}"))
    }
}

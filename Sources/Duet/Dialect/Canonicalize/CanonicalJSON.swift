import Foundation

/// Entry points for bytes: strict parsing, and the compact rewrite. (The pretty form that goes to
/// disk is the toolchain's: `DuetFixtures`.)
///
/// ```swift
/// let value = try CanonicalJSON.parse(fileBytes)
/// let compact = try CanonicalJSON.canonicalize(fileBytes)   // what the corpus stores
/// ```
public enum CanonicalJSON {
    /// Nesting deeper than this is refused with a clear error (never a stack overflow).
    public static let maximumDepth = 512

    public static func parse(_ bytes: [UInt8]) throws(DialectError) -> JSONValue {
        try withBuffer(bytes) { (p) throws(DialectError) in
            var parser = Parser(p)
            return try parser.parseDocument()
        }
    }

    public static func parse(_ text: String) throws(DialectError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    public static func parse(_ data: Data) throws(DialectError) -> JSONValue {
        try parse([UInt8](data))
    }

    /// Parse + compact write, the hot path of import/verify.
    public static func canonicalize(_ bytes: [UInt8]) throws(DialectError) -> [UInt8] {
        try withBuffer(bytes) { (p) throws(DialectError) in
            // The compact form is at most 3× the input (`\b` becomes `\u0008`), so the output
            // is written in place, without growing or a final copy.
            var failure: DialectError?
            let result = [UInt8](unsafeUninitializedCapacity: 3 * p.count + 16) { buffer, initialized in
                let sink = ByteSink(wrapping: buffer)
                var canonicalizer = Canonicalizer(p, into: sink)
                do throws(DialectError) {
                    try canonicalizer.writeDocument()
                } catch {
                    failure = error
                }
                initialized = failure == nil ? sink.count : 0
            }
            if let failure { throw failure }
            return result
        }
    }

    private static func withBuffer<R>(
        _ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) throws(DialectError) -> R
    ) throws(DialectError) -> R {
        let result: Result<R, DialectError> = bytes.withUnsafeBufferPointer { p in
            do throws(DialectError) { return .success(try body(p)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

extension JSONValue {
    /// Compact canonical bytes (DESIGN §3).
    public var canonicalBytes: [UInt8] {
        CompactWriter.bytes(self)
    }

    public var canonicalString: String { String(decoding: canonicalBytes, as: UTF8.self) }

    // Convenience accessors (nil when the case differs).
    public var objectValue: JSONObject? { if case .object(let o) = self { return o }; return nil }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var intValue: Int64? { if case .int(let i) = self { return i }; return nil }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public subscript(key: String) -> JSONValue? { objectValue?[key] }
}

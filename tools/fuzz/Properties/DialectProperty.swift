import Duet

/// What must hold for any bytes given to the canonical parser: the streaming canonicalizer and the
/// tree parser accept the same inputs; what they accept, the canonicalizer writes exactly as the
/// reference writer (parse, then the compact writer) does; and writing is a fixed point — the
/// compact form canonicalizes to itself, the pretty form reads back to the compact form and
/// prettifies to itself. Errors name a line and column inside the input.
///
/// ```swift
/// if let finding = DialectProperty.finding(in: Array(#"{"b":1,"a":[]}"#.utf8)) { fatalError(finding) }
/// ```
public enum DialectProperty {
    /// `canonicalize` is the writer under test (the streaming canonicalizer unless a test swaps it).
    public static func finding(in bytes: [UInt8],
                               canonicalize: ([UInt8]) throws(DialectError) -> [UInt8] = { (b) throws(DialectError) in try CanonicalJSON.canonicalize(b) }) -> String? {
        let tree: Result<JSONValue, DialectError> = Result { () throws(DialectError) in try CanonicalJSON.parse(bytes) }
        let streamed: Result<[UInt8], DialectError> = Result { () throws(DialectError) in try canonicalize(bytes) }
        switch (tree, streamed) {
        case (.failure(let error), .failure(let other)):
            return misplaced(error, in: bytes) ?? misplaced(other, in: bytes)
        case (.failure(let error), .success(let compact)):
            return "the canonicalizer accepts what the parser refuses (\(error)): wrote \(Excerpt.of(compact))"
        case (.success, .failure(let error)):
            return "the parser accepts what the canonicalizer refuses: \(error)"
        case (.success(let value), .success(let compact)):
            let reference = value.canonicalBytes
            guard compact == reference else {
                return "the canonicalizer wrote \(Excerpt.of(compact)), the reference writer \(Excerpt.of(reference))"
            }
            guard (try? canonicalize(compact)) == compact else { return "the compact form is not a fixed point: \(Excerpt.of(compact))" }
            guard (try? CanonicalJSON.parse(compact))?.canonicalBytes == compact else { return "the compact form does not read back: \(Excerpt.of(compact))" }
            let pretty = value.prettyBytes
            guard (try? canonicalize(pretty)) == compact else { return "the pretty form does not read back to the compact form: \(Excerpt.of(pretty))" }
            guard (try? CanonicalJSON.prettify(pretty)) == pretty else { return "the pretty form is not a fixed point: \(Excerpt.of(pretty))" }
            return nil
        }
    }

    /// An error placed outside the input (line 0, a line past the last) is a finding.
    private static func misplaced(_ error: DialectError, in bytes: [UInt8]) -> String? {
        let lines = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        guard error.line >= 1, error.line <= lines, error.column >= 1, error.column <= bytes.count + 1 else {
            return "an error placed outside the input (\(lines) lines, \(bytes.count) bytes): \(error)"
        }
        return nil
    }
}

/// A short, printable excerpt of bytes for a finding.
enum Excerpt {
    static func of(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(120), as: UTF8.self)
        return "`" + text + (bytes.count > 120 ? "…" : "") + "`"
    }
}

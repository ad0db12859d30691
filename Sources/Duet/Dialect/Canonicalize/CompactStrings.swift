/// What the corpus's compact reader (`CompactScanner`) reads with: the dialect's own string
/// rules over bytes that are already compact canonical.
extension CanonicalJSON {
    /// The offset just past the closing quote of the string opening at `start` in compact
    /// canonical bytes (`count` when it is not closed). Canonical strings escape with a backslash
    /// and one letter (or `u` and four hex digits, none a quote), so the byte after a backslash
    /// never ends the string. For the corpus's byte scanner: it does not validate.
    package static func endOfString(in p: UnsafeBufferPointer<UInt8>, openingAt start: Int) -> Int {
        var i = start + 1
        while true {
            while i + 8 <= p.count {
                let word = ByteWords.load(p, at: i)
                let special = ByteWords.some(word, UInt8(ascii: "\"")) | ByteWords.some(word, UInt8(ascii: "\\"))
                if special != 0 { i += ByteWords.firstFlagged(special); break }
                i += 8
            }
            guard i < p.count else { return p.count }
            switch p[i] {
            case UInt8(ascii: "\""): return i + 1
            case UInt8(ascii: "\\"): i += 2
            default: i += 1
            }
        }
    }

    /// The dialect's UUID shape (8-4-4-4-12 hex digits, either case): such strings are written lowercased.
    package static func isUUIDShaped(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { UUIDText.isShaped(bytes) }

    /// The string a quoted dialect string (`"…"`, escapes and all) holds; nil when it is not one.
    package static func decodedString(quoted bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "\"") else { return nil }
        var lexer = Lexer(bytes)
        guard let decoded = try? lexer.stringBytes(), lexer.atEnd else { return nil }
        return String(decoding: decoded, as: UTF8.self)
    }
}

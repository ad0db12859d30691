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
}

import Duet

/// Walks a compact canonical document (what `CanonicalJSON.canonicalize` returns) without building
/// a tree. Every sub-value of such a document is itself compact canonical, so a value's byte range
/// is its canonical form. The input must already be valid: the scanner does not re-validate it.
///
/// ```swift
/// let compact = try CanonicalJSON.canonicalize(fileBytes)
/// compact.withUnsafeBufferPointer { p in
///     let scanner = CompactScanner(p)
///     scanner.forEachMember(of: 0..<p.count) { key, value in … }   // ranges into `p`
/// }
/// ```
struct CompactScanner {
    /// The scanner cannot answer exactly as the tree reader would: read this document as a tree.
    struct NeedsTree: Error {}

    let p: UnsafeBufferPointer<UInt8>

    init(_ p: UnsafeBufferPointer<UInt8>) { self.p = p }

    /// The offset just past the value starting at `start`.
    func end(ofValueAt start: Int) -> Int {
        switch p[start] {
        case UInt8(ascii: "\""): return end(ofStringAt: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var i = start
            while i < p.count {
                switch p[i] {
                case UInt8(ascii: "\""): i = end(ofStringAt: i); continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
                i += 1
            }
            return p.count
        default:
            var i = start
            while i < p.count, p[i] != UInt8(ascii: ","), p[i] != UInt8(ascii: "}"), p[i] != UInt8(ascii: "]") { i += 1 }
            return i
        }
    }

    /// The offset just past the closing quote of the string opening at `start`.
    func end(ofStringAt start: Int) -> Int { CanonicalJSON.endOfString(in: p, openingAt: start) }

    /// Walks the members of the object opening at `start`: `body` gets each key (without quotes) and
    /// the offset where its value starts, and returns where the value ends (a caller that walks the
    /// value anyway knows it, so no byte is scanned twice). Returns the offset past the object.
    func walkMembers<E: Error>(ofObjectAt start: Int, _ body: (_ key: Range<Int>, _ valueStart: Int) throws(E) -> Int) throws(E) -> Int {
        var i = start + 1
        if p[i] == UInt8(ascii: "}") { return i + 1 }
        while true {
            let keyEnd = end(ofStringAt: i)
            i = try body((i + 1)..<(keyEnd - 1), keyEnd + 1)
            if i >= p.count || p[i] != UInt8(ascii: ",") { return i + 1 }
            i += 1
        }
    }

    /// Walks the elements of the array opening at `start` the same way (`body` returns each element's end).
    func walkElements<E: Error>(ofArrayAt start: Int, _ body: (_ elementStart: Int) throws(E) -> Int) throws(E) -> Int {
        var i = start + 1
        if p[i] == UInt8(ascii: "]") { return i + 1 }
        while true {
            i = try body(i)
            if i >= p.count || p[i] != UInt8(ascii: ",") { return i + 1 }
            i += 1
        }
    }

    /// The members of an object: each key (without quotes) with its value.
    typealias Members = [(key: Range<Int>, value: Range<Int>)]

    /// The members of the object opening at `start`, and the offset past it: one pass gives the
    /// object's end and what a later lookup of its members needs.
    func members(ofObjectAt start: Int) -> (members: Members, end: Int) {
        var members: Members = []
        members.reserveCapacity(16)
        let objectEnd = walkMembers(ofObjectAt: start) { (key, valueStart) throws(Never) -> Int in
            let valueEnd = end(ofValueAt: valueStart)
            members.append((key, valueStart..<valueEnd))
            return valueEnd
        }
        return (members, objectEnd)
    }

    /// Calls `body` with each member of the object at `value` (key without quotes, value), in
    /// document order (= canonical key order); `body` returns false to stop early.
    func forEachMember<E: Error>(of value: Range<Int>, _ body: (_ key: Range<Int>, _ value: Range<Int>) throws(E) -> Bool) throws(E) {
        var i = value.lowerBound + 1
        guard i < value.upperBound, p[i] != UInt8(ascii: "}") else { return }
        while i < value.upperBound {
            let keyEnd = end(ofStringAt: i)
            let valueStart = keyEnd + 1
            let valueEnd = end(ofValueAt: valueStart)
            if try !body((i + 1)..<(keyEnd - 1), valueStart..<valueEnd) { return }
            i = valueEnd + 1
        }
    }

    /// Calls `body` with each element of the array at `value`, in order.
    func forEachElement<E: Error>(of value: Range<Int>, _ body: (Range<Int>) throws(E) -> Void) throws(E) {
        _ = try walkElements(ofArrayAt: value.lowerBound) { (start) throws(E) in
            let elementEnd = end(ofValueAt: start)
            try body(start..<elementEnd)
            return elementEnd
        }
    }

    /// The value of member `key` (given as its written bytes) of the object at `value`.
    func member(_ key: [UInt8], of value: Range<Int>) -> Range<Int>? {
        guard isObject(value) else { return nil }
        var found: Range<Int>?
        forEachMember(of: value) { (k, v) throws(Never) in
            if equals(k, key) { found = v; return false }
            return true
        }
        return found
    }

    func isObject(_ value: Range<Int>) -> Bool { p[value.lowerBound] == UInt8(ascii: "{") }
    func isArray(_ value: Range<Int>) -> Bool { p[value.lowerBound] == UInt8(ascii: "[") }
    func isString(_ value: Range<Int>) -> Bool { p[value.lowerBound] == UInt8(ascii: "\"") }
    func isNull(_ value: Range<Int>) -> Bool { value.count == 4 && p[value.lowerBound] == UInt8(ascii: "n") }

    func equals(_ range: Range<Int>, _ bytes: [UInt8]) -> Bool {
        guard range.count == bytes.count else { return false }
        for (offset, byte) in bytes.enumerated() where p[range.lowerBound + offset] != byte { return false }
        return true
    }

    func bool(_ value: Range<Int>) -> Bool? {
        switch p[value.lowerBound] {
        case UInt8(ascii: "t"): return true
        case UInt8(ascii: "f"): return false
        default: return nil
        }
    }

    /// A canonical integer (the canonicalizer already checked it fits 64 bits).
    func int(_ value: Range<Int>) -> Int64? {
        var i = value.lowerBound
        let negative = p[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < value.upperBound, p[i] >= UInt8(ascii: "0"), p[i] <= UInt8(ascii: "9") else { return nil }
        var magnitude: UInt64 = 0
        while i < value.upperBound {
            let digit = p[i] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            magnitude = magnitude &* 10 &+ UInt64(digit)
            i += 1
        }
        return negative ? Int64(truncatingIfNeeded: 0 &- magnitude) : Int64(truncatingIfNeeded: magnitude)
    }

    /// The decoded string at `value`, nil when it is not a string. Throws for a UUID-shaped string:
    /// the canonical form lowercased it, so the spelling the tree reader would keep is unknown here.
    func string(_ value: Range<Int>) throws(NeedsTree) -> String? {
        guard isString(value) else { return nil }
        let inner = UnsafeBufferPointer(rebasing: p[(value.lowerBound + 1)..<(value.upperBound - 1)])
        if inner.count == 36 && CanonicalJSON.isUUIDShaped(inner) { throw NeedsTree() }
        guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
        guard let decoded = CanonicalJSON.decodedString(quoted: UnsafeBufferPointer(rebasing: p[value])) else { throw NeedsTree() }
        return decoded
    }
}

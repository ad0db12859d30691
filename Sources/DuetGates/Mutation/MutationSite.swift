/// Where a row's `old` text is in its file: it must occur exactly once, byte for byte, or the
/// row is stale (the code moved on) and fails instead of mutating something else.
///
/// ```swift
/// let site = MutationSite.locate(Array("a + 1".utf8), old: Array("+ 1".utf8))
/// site.occurrences                                  // 1
/// site.apply(new: Array("+ 2".utf8))               // "a + 2"
/// ```
struct MutationSite: Sendable, Equatable {
    let original: [UInt8]
    let old: [UInt8]
    /// Byte offsets of every occurrence (non-overlapping, from the start).
    let offsets: [Int]
    var occurrences: Int { offsets.count }

    static func locate(_ bytes: [UInt8], old: [UInt8]) -> MutationSite {
        var offsets: [Int] = []
        guard !old.isEmpty, old.count <= bytes.count else { return MutationSite(original: bytes, old: old, offsets: []) }
        var index = 0
        let last = bytes.count - old.count
        while index <= last {
            if bytes[index] == old[0], bytes[index..<(index + old.count)].elementsEqual(old) {
                offsets.append(index)
                index += old.count
            } else {
                index += 1
            }
        }
        return MutationSite(original: bytes, old: old, offsets: offsets)
    }

    /// The mutant's bytes; only for a site that occurs exactly once.
    func apply(new: [UInt8]) -> [UInt8] {
        precondition(offsets.count == 1, "a mutation applies at exactly one site")
        let at = offsets[0]
        return Array(original[..<at]) + new + Array(original[(at + old.count)...])
    }

    /// The 1-based line of the first occurrence, for reports.
    var line: Int? { offsets.first.map { offset in original[..<offset].count { $0 == UInt8(ascii: "\n") } + 1 } }
}

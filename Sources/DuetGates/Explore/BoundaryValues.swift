import Duet

/// The edges of each payload type that explore mixes into the values the fixtures hold: the
/// integers where arithmetic overflows, strings a form never sees (empty, blank, long, beyond the
/// Basic Multilingual Plane, combining marks), and dates at the ends of the calendar.
enum BoundaryValues {
    static let integers: [Int64] = [0, 1, -1, Int64.max, Int64.min]

    static let strings: [String] = [
        "",
        " ",
        "\t\n",
        String(repeating: "long text ", count: 40),
        "\u{1D11E}\u{1F600}\u{1F44D}\u{1F3FD}",
        "e\u{301}\u{0308}",
        "UPPER Case Ü",
    ]

    static let dates: [String] = [
        "1970-01-01T00:00:00.000Z",
        "2000-02-29T23:59:59.999Z",
        "9999-12-31T23:59:59.999Z",
    ]

    /// Recorded integers one step to either side (the off-by-one a guard is about), without overflow.
    static func neighbours(of value: Int64) -> [Int64] {
        [value.addingReportingOverflow(1), value.subtractingReportingOverflow(1)].compactMap { $0.overflow ? nil : $0.partialValue }
    }

    /// A UUID no fixture holds, from the walk's random stream (lowercase, as the dialect writes it).
    static func freshUUID(_ random: inout SeededRandom) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        var bits = random.next(), more = random.next()
        for index in 0..<32 {
            if index == 16 { bits = more; more = 0 }
            bytes.append(hex[Int(bits & 0xF)])
            bits >>= 4
            if [7, 11, 15, 19].contains(index) { bytes.append(UInt8(ascii: "-")) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The UUID strings a canonical state holds (ids the current screen knows), read from its bytes.
enum StateUUIDs {
    static func scan(_ bytes: [UInt8], limit: Int = 32) -> [String] {
        var found: [String] = []
        var seen: Set<[UInt8]> = []
        bytes.withUnsafeBufferPointer { p in
            var index = 0
            let quote = UInt8(ascii: "\"")
            while index + 37 < p.count, found.count < limit {
                if p[index] == quote, p[index + 37] == quote,
                   UUIDShape.matches(UnsafeBufferPointer(rebasing: p[(index + 1)..<(index + 37)])) {
                    let text = Array(p[(index + 1)..<(index + 37)])
                    if seen.insert(text).inserted { found.append(String(decoding: text, as: UTF8.self)) }
                    index += 38
                } else {
                    index += 1
                }
            }
        }
        return found
    }
}

/// SplitMix64: a small deterministic generator, so a seed always yields the same corpus.
public struct SyntheticRandom: Sendable {
    private var state: UInt64

    public init(seed: UInt64, _ salts: UInt64...) {
        var mixed = seed
        for salt in salts { mixed = (mixed ^ salt) &* 0x9E37_79B9_7F4A_7C15 &+ 0x632B_E59B_D9B4_E019 }
        state = mixed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `0..<bound` (bound > 0).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A lowercase UUID-shaped string.
    public mutating func uuid() -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        for (index, count) in [8, 4, 4, 4, 12].enumerated() {
            if index > 0 { text.append("-") }
            for _ in 0..<count { text.append(digits[below(16)]) }
        }
        return text
    }

    public mutating func word() -> String {
        let words = ["harbor", "lantern", "meadow", "pebble", "summit", "willow", "ember", "tide", "orchard", "comet", "juniper", "quartz"]
        return words[below(words.count)]
    }
}

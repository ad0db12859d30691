/// SplitMix64: a small, fast generator whose whole sequence follows from its seed, so an explore
/// run is reproduced exactly by its `--seed` (each walk derives its own stream from the seed and
/// its index, so the order walks finish in does not matter).
///
/// ```swift
/// var random = SeededRandom(seed: 1, stream: 42)
/// random.below(10)      // the same number every time for seed 1, walk 42
/// ```
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64, stream: UInt64 = 0) {
        state = seed &+ 0x9E37_79B9_7F4A_7C15 &* (stream &+ 1)
        _ = next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound (bound > 0).
    mutating func below(_ bound: Int) -> Int { Int(next(upperBound: UInt64(bound))) }

    /// True with probability `numerator / denominator`.
    mutating func chance(_ numerator: Int, in denominator: Int) -> Bool { below(denominator) < numerator }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

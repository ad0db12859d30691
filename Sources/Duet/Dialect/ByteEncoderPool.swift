import Foundation

/// Idle `ByteEncoder`s kept between calls, so an encode does not allocate its buffers anew.
/// Each caller takes an encoder of its own; nested and concurrent encodes get different ones.
final class ByteEncoderPool: @unchecked Sendable {
    static let shared = ByteEncoderPool()

    private static let maxIdle = 4
    /// Encoders whose buffers grew past this are dropped rather than kept.
    private static let maxRetainedBytes = 1 << 20

    private let lock = NSLock()
    private var idle: [ByteEncoder] = []   // guarded by `lock`

    func take() -> ByteEncoder {
        lock.lock()
        let encoder = idle.popLast()
        lock.unlock()
        return encoder ?? ByteEncoder()
    }

    func give(_ encoder: ByteEncoder) {
        guard encoder.retainedBytes <= Self.maxRetainedBytes else { return }
        encoder.reset()
        lock.lock()
        if idle.count < Self.maxIdle { idle.append(encoder) }
        lock.unlock()
    }
}

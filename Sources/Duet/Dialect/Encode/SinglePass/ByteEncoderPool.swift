import Foundation

/// Idle `ByteEncoder`s kept between calls, so an encode does not allocate its buffers anew.
/// Each caller takes an encoder of its own; nested and concurrent encodes get different ones.
// Unchecked because `ByteEncoder` is not `Sendable`; sound because an encoder is either in `idle`
// (touched only under `lock`) or owned by the one caller that took it, never both.
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
        encoder.reset()
        guard encoder.retainedBytes <= Self.maxRetainedBytes else { return encoder.tearDown() }
        lock.lock()
        let kept = idle.count < Self.maxIdle
        if kept { idle.append(encoder) }
        lock.unlock()
        if !kept { encoder.tearDown() }
    }
}

import Foundation

/// Writing all of a buffer to an open file, through short writes and interrupts.
enum DescriptorWrite {
    /// False when a write failed (`errno` says why).
    static func all(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        return bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let count = Foundation.write(descriptor, raw.baseAddress! + written, raw.count - written)
                if count < 0 { if errno == EINTR { continue }; return false }
                written += count
            }
            return true
        }
    }
}

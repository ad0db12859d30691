import Foundation

/// `8-4-4-4-12` hex text (either case) to a UUID without Foundation's `sscanf`-based parse,
/// which is the decoder's hottest single call when states carry ids.
enum UUIDParsing {
    static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// The same parse over UTF-8 bytes (the byte decoder reads them in place).
    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let complete = withUnsafeMutableBytes(of: &uuid) { out -> Bool in
            var index = 0, written = 0
            while index < 36 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard bytes[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                    continue
                }
                guard let high = nibble(bytes[index]), let low = nibble(bytes[index + 1]) else { return false }
                out[written] = high << 4 | low
                written += 1
                index += 2
            }
            return true
        }
        return complete ? UUID(uuid: uuid) : nil
    }

    @inline(__always)
    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte &- 0x30
        case 0x61...0x66: return byte &- 0x57
        case 0x41...0x46: return byte &- 0x37
        default: return nil
        }
    }
}

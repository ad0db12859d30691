import Foundation

/// `8-4-4-4-12` hex text (either case) to a UUID without Foundation's `sscanf`-based parse,
/// which is the decoder's hottest single call when states carry ids.
enum UUIDParsing {
    static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { bytes -> UUID? in
            guard bytes.count == 36 else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(16)
            var index = 0
            while index < 36 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard bytes[index] == UInt8(ascii: "-") else { return nil }
                    index += 1
                    continue
                }
                guard let high = nibble(bytes[index]), let low = nibble(bytes[index + 1]) else { return nil }
                out.append(high << 4 | low)
                index += 2
            }
            return UUID(uuid: (out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7],
                               out[8], out[9], out[10], out[11], out[12], out[13], out[14], out[15]))
        }
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

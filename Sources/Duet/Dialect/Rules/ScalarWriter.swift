/// Scalars are written the same way in every form: strings with minimal escapes and
/// UUID-shaped strings lowercased, integers in decimal.
package enum ScalarWriter {
    /// Writes `value` when it is a scalar (the compact and pretty forms write scalars alike);
    /// false for arrays and objects, which each form lays out its own way.
    @inline(__always)
    package static func appendScalar(_ value: JSONValue, to out: ByteSink) -> Bool {
        switch value {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .int(let i): appendInt(i, to: out)
        case .string(let s): appendString(s, to: out)
        case .array, .object: return false
        }
        return true
    }

    static func appendInt(_ value: Int64, to out: ByteSink) {
        if value >= 0 && value < 10 {
            out.append(UInt8(truncatingIfNeeded: value) &+ 0x30)
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)   // 24 bytes of scratch, enough for 20 digits
        var magnitude = value.magnitude
        withUnsafeMutableBytes(of: &digits) { raw in
            var i = raw.count
            repeat {
                i -= 1
                raw[i] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { out.append(UInt8(ascii: "-")) }
            out.append(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[i...]))
        }
    }

    @inline(__always)
    package static func appendString(_ s: String, to out: ByteSink) {
        // Native and small strings lend their bytes in place; only a bridged one is copied.
        if s.utf8.withContiguousStorageIfAvailable({ appendString(bytes: $0, to: out) }) != nil { return }
        var copy = s
        copy.withUTF8 { appendString(bytes: $0, to: out) }
    }

    /// For bytes known to need no escaping (no '"', '\\' or control character).
    @inline(__always)
    static func appendPlainString(bytes p: UnsafeBufferPointer<UInt8>, to out: ByteSink) {
        if p.count == 36 { return appendString(bytes: p, to: out) }
        out.reserve(p.count + 2)
        out.append(UInt8(ascii: "\""))
        out.append(p)
        out.append(UInt8(ascii: "\""))
    }

    static func appendString(bytes p: UnsafeBufferPointer<UInt8>, to out: ByteSink) {
        out.reserve(p.count + 2)
        out.append(UInt8(ascii: "\""))
        if p.count == 36 && UUIDText.isShaped(p) {
            let start = out.count
            out.append(p)
            let written = out.base + start
            for i in 0..<36 { written[i] = UUIDText.lowerHex(written[i]) }
        } else {
            var runStart = 0
            var i = 0
            let n = p.count
            while i < n {
                let c = p[i]
                if c >= 0x20 && c != 0x22 && c != 0x5C { i += 1; continue }
                if runStart < i { out.append(UnsafeBufferPointer(rebasing: p[runStart..<i])) }
                appendEscape(c, to: out)
                i += 1
                runStart = i
            }
            if runStart < n { out.append(UnsafeBufferPointer(rebasing: p[runStart..<n])) }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: StaticString = "0123456789abcdef"

    @inline(never)
    static func appendEscape(_ c: UInt8, to out: ByteSink) {
        out.append(UInt8(ascii: "\\"))
        switch c {
        case 0x22: out.append(0x22)
        case 0x5C: out.append(0x5C)
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            out.append("u00")
            out.append(hexDigits.utf8Start[Int(c >> 4)])
            out.append(hexDigits.utf8Start[Int(c & 0xF)])
        }
    }
}

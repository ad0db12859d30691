/// Writes the compact canonical form: sorted keys, no whitespace, minimal escapes.
struct CompactWriter {
    var out: [UInt8]

    init(capacity: Int = 256) {
        out = []
        out.reserveCapacity(capacity)
    }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: ScalarWriter.appendLiteral("null", to: &out)
        case .bool(let b): ScalarWriter.appendLiteral(b ? "true" : "false", to: &out)
        case .int(let i): ScalarWriter.appendInt(i, to: &out)
        case .string(let s): ScalarWriter.appendString(s, to: &out)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            var first = true
            for element in a {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                write(element)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            var first = true
            for m in o.members {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                ScalarWriter.appendString(m.key, to: &out)
                out.append(UInt8(ascii: ":"))
                write(m.value)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}

/// Scalars are written the same way in the compact and the pretty form.
enum ScalarWriter {
    @inline(__always)
    static func appendLiteral(_ s: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    static func appendInt(_ value: Int64, to out: inout [UInt8]) {
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
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[i...]))
        }
    }

    static func appendString(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { appendString(bytes: $0, to: &out) }
    }

    static func appendString(bytes p: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if p.count == 36 && ScalarOrder.isUUIDShaped(p) {
            for c in p { out.append(ScalarOrder.lowerHex(c)) }
        } else {
            var runStart = 0
            var i = 0
            let n = p.count
            while i < n {
                let c = p[i]
                if c >= 0x20 && c != 0x22 && c != 0x5C { i += 1; continue }
                if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: p[runStart..<i])) }
                appendEscape(c, to: &out)
                i += 1
                runStart = i
            }
            if runStart < n {
                if runStart == 0 {
                    out.append(contentsOf: p)
                } else {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: p[runStart..<n]))
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    @inline(never)
    static func appendEscape(_ c: UInt8, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch c {
        case 0x22: out.append(0x22)
        case 0x5C: out.append(0x5C)
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            out.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(c >> 4)], hex[Int(c & 0xF)]])
        }
    }
}

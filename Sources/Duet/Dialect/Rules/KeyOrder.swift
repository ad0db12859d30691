import Foundation

/// Byte-level string rules shared by the model, the parser and the writers:
/// keys order by UTF-8 bytes (= Unicode scalar order), never by `String` comparison.
enum ScalarOrder {
    /// Three-way comparison of two strings by their UTF-8 bytes.
    @inline(__always)
    static func compare(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { pa in
            b.withUTF8 { pb in compare(pa, pb) }
        }
    }

    @inline(__always)
    static func compare(_ pa: UnsafeBufferPointer<UInt8>, _ pb: UnsafeBufferPointer<UInt8>) -> Int {
        let n = min(pa.count, pb.count)
        if n <= 16 {
            for i in 0..<n where pa[i] != pb[i] { return Int(pa[i]) - Int(pb[i]) }
        } else {
            let r = memcmp(pa.baseAddress!, pb.baseAddress!, n)
            if r != 0 { return Int(r) }
        }
        return pa.count - pb.count
    }

    /// A UUID-shaped string with uppercase hex digits, lowercased; every other string unchanged.
    static func normalized(_ s: String) -> String {
        guard s.utf8.count == 36 else { return s }
        var s = s
        let needs = s.withUTF8 { p in UUIDText.isShaped(p) && p.contains { $0 >= 0x41 && $0 <= 0x46 } }
        return needs ? s.lowercased() : s
    }

    /// Equality as the canonical bytes see it: same scalars, UUID-shaped strings case-insensitively.
    static func canonicallyEqual(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { pa in
            b.withUTF8 { pb in
                if compare(pa, pb) == 0 { return true }
                guard UUIDText.isShaped(pa), UUIDText.isShaped(pb) else { return false }
                for i in 0..<36 where UUIDText.lowerHex(pa[i]) != UUIDText.lowerHex(pb[i]) { return false }
                return true
            }
        }
    }

    static func hash(_ s: String, into hasher: inout Hasher) {
        var s = s
        s.withUTF8 { p in
            if UUIDText.isShaped(p) {
                for c in p { hasher.combine(UUIDText.lowerHex(c)) }
            } else {
                hasher.combine(bytes: UnsafeRawBufferPointer(p))
            }
            hasher.combine(p.count)
        }
    }
}

/// The dialect's order of strings — by UTF-8 bytes, which is Unicode scalar order — for anything
/// listed in canonical order (keys, feature names, file names).
///
/// ```swift
/// names.sorted(by: CanonicalOrder.precedes)
/// ```
public enum CanonicalOrder {
    public static func precedes(_ a: String, _ b: String) -> Bool { ScalarOrder.compare(a, b) < 0 }
}

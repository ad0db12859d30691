import Foundation

extension String {
    /// True when this text sorts before `other` as SQLite's BINARY collation sorts text: by UTF-8
    /// bytes (not by `String`'s Unicode order), compared in place.
    ///
    /// ```swift
    /// "Zed".precedesByBytes("apple")   // true: 'Z' is 0x5A, 'a' is 0x61
    /// ```
    func precedesByBytes(_ other: String) -> Bool {
        var a = self, b = other
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let shared = Swift.min(x.count, y.count)
                let order = shared == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, shared)
                return order != 0 ? order < 0 : x.count < y.count
            }
        }
    }
}

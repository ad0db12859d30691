import Foundation

/// `Date` ⇄ `yyyy-MM-ddTHH:mm:ss.SSSZ` (UTC, milliseconds), by arithmetic: locale-free and fast.
enum DateCoding {
    static func format(_ date: Date) -> String {
        let sink = ByteSink(capacity: 26)
        append(date, to: sink)
        return String(decoding: sink.view(1..<25), as: UTF8.self)
    }

    /// Writes the date as a quoted string.
    static func append(_ date: Date, to out: ByteSink) {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var days = millis / 86_400_000
        var msOfDay = millis % 86_400_000
        if msOfDay < 0 { msOfDay += 86_400_000; days -= 1 }
        let (y, m, d) = civil(fromDays: days)
        out.reserve(26)
        let w = out.base + out.count
        // Fixed positions and constant divisors: the compiler turns these into multiplies.
        @inline(__always) func digits(_ v: Int64, at offset: Int, width: Int) {
            var v = v
            for i in stride(from: width - 1, through: 0, by: -1) {
                w[offset + i] = UInt8(truncatingIfNeeded: v % 10) &+ 0x30
                v /= 10
            }
        }
        w[0] = UInt8(ascii: "\"")
        digits(y, at: 1, width: 4); w[5] = UInt8(ascii: "-")
        digits(m, at: 6, width: 2); w[8] = UInt8(ascii: "-")
        digits(d, at: 9, width: 2); w[11] = UInt8(ascii: "T")
        digits(msOfDay / 3_600_000, at: 12, width: 2); w[14] = UInt8(ascii: ":")
        digits(msOfDay / 60_000 % 60, at: 15, width: 2); w[17] = UInt8(ascii: ":")
        digits(msOfDay / 1000 % 60, at: 18, width: 2); w[20] = UInt8(ascii: ".")
        digits(msOfDay % 1000, at: 21, width: 3); w[24] = UInt8(ascii: "Z")
        w[25] = UInt8(ascii: "\"")
        out.count += 26
    }

    /// nil unless the string is exactly the dialect's date format with valid fields.
    static func parse(_ s: String) -> Date? {
        var s = s
        return s.withUTF8 { parse(bytes: $0) }
    }

    /// The same parse over UTF-8 bytes (the byte decoder reads them in place).
    static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> Date? {
        guard b.count == 24, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A,
              b[19] == 0x2E, b[23] == 0x5A else { return nil }
        func num(_ from: Int, _ count: Int) -> Int64? {
            var v: Int64 = 0
            for i in from..<(from + count) {
                guard b[i] >= 0x30 && b[i] <= 0x39 else { return nil }
                v = v * 10 + Int64(b[i] - 0x30)
            }
            return v
        }
        guard let y = num(0, 4), let m = num(5, 2), let d = num(8, 2), let hh = num(11, 2), let mm = num(14, 2),
              let ss = num(17, 2), let ms = num(20, 3),
              (1...12).contains(m), d >= 1, d <= daysInMonth(year: y, month: m), hh < 24, mm < 60, ss < 60 else { return nil }
        let days = self.days(fromCivil: y, m, d)
        let millis = days * 86_400_000 + hh * 3_600_000 + mm * 60_000 + ss * 1000 + ms
        return Date(timeIntervalSince1970: Double(millis) / 1000)
    }

    private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's civil-calendar algorithms (proleptic Gregorian).
    private static func days(fromCivil y0: Int64, _ m: Int64, _ d: Int64) -> Int64 {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? yoe + era * 400 + 1 : yoe + era * 400, m, d)
    }
}

import XCTest
import Foundation
import DuetCorpus

/// The hand-written timestamp says what ISO8601DateFormatter says (UTC, to the nearest millisecond).
final class TimestampTests: XCTestCase {
    func testTimestampsMatchTheFoundationFormatter() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        let instants: [TimeInterval] = [0, 1_782_984_600, 1_782_984_600.0009, 1_782_984_600.0004, 1_782_984_600.999, 1_798_761_599.5, 951_782_400.25, 4_102_444_800.123]
        for seconds in instants {
            let date = Date(timeIntervalSince1970: seconds)
            XCTAssertEqual(LedgerEntryVersion.timestamp(date), formatter.string(from: date), "\(seconds)")
        }
        XCTAssertEqual(LedgerEntryVersion.timestamp(Date(timeIntervalSince1970: 1_782_984_600.5)), "2026-07-02T09:30:00.500Z")
        // Negative control: a millisecond apart reads apart.
        XCTAssertNotEqual(LedgerEntryVersion.timestamp(Date(timeIntervalSince1970: 1_782_984_600.001)),
                          LedgerEntryVersion.timestamp(Date(timeIntervalSince1970: 1_782_984_600.002)))
    }
}

import XCTest
import Duet
import DuetManifest
import DuetCorpusSamples
@testable import DuetCorpus

final class QuestionsLedgerTests: XCTestCase {
    private typealias Q = QuestionsCorpus
    private let day1 = Date(timeIntervalSince1970: 1_780_000_000)
    private let day2 = Date(timeIntervalSince1970: 1_780_086_400)

    func testAFirstSyncOpensEveryEntry() throws {
        let corpus = try Q.make()
        let sync = try corpus.syncLedger(waivers: [], islands: Q.manifest().islands, now: day1)
        XCTAssertEqual(sync.opened.count, 6)
        XCTAssertEqual(sync.closed, [])
        XCTAssertEqual(Set(try corpus.currentLedger().map(\.validFrom)), [LedgerEntryVersion.timestamp(day1)])
        XCTAssertEqual(LedgerEntryVersion.timestamp(day1), "2026-05-28T20:26:40.000Z")
    }

    func testResyncingAnUnchangedManifestChangesNothing() throws {
        let corpus = try Q.make()
        _ = try corpus.syncLedger(waivers: [], islands: Q.manifest().islands, now: day1)
        let again = try corpus.syncLedger(waivers: [], islands: Q.manifest().islands, now: day2)
        XCTAssertEqual(again.opened, [])
        XCTAssertEqual(again.closed, [])
        XCTAssertEqual(again.unchanged, 6)
        XCTAssertEqual(try corpus.ledgerHistory().count, 6)
    }

    func testRemovedAndChangedEntriesGetValidToAndNewVersionsValidFrom() throws {
        let corpus = try Q.make()
        _ = try corpus.syncLedger(waivers: [], islands: Q.manifest().islands, now: day1)
        let islands = Q.manifestText.split(separator: "\n").filter { $0.contains("- {id:") }
            .filter { !($0.contains("video-player") && $0.contains("android")) }
            .map { $0.replacingOccurrences(of: "platform: ios, boundary: index", with: "platform: ios, boundary: page index") }
        let manifest = try Q.manifest("""
            presentation:
              waivers:
                - {kind: capture.slot.camera, feature: capture, platform: android, manner: fullScreen, reason: camera, since: "2026-02-01"}
              islands:
            \(islands.joined(separator: "\n"))
            """)
        XCTAssertEqual(manifest.islands.count, 5)
        let sync = try corpus.syncLedger(waivers: manifest.waivers, islands: manifest.islands, now: day2)
        XCTAssertEqual(sync.closed.map(\.key).sorted(), ["photo-carousel|ios", "video-player|android"])
        XCTAssertEqual(sync.opened.map(\.key).sorted(), ["capture|capture.slot.camera|android", "photo-carousel|ios"])
        let history = try corpus.ledgerHistory()
        XCTAssertEqual(history.count, 8)
        let closed = history.filter { !$0.isCurrent }
        XCTAssertEqual(closed.map(\.validTo), [LedgerEntryVersion.timestamp(day2), LedgerEntryVersion.timestamp(day2)])
        XCTAssertEqual(closed.map(\.validFrom), [LedgerEntryVersion.timestamp(day1), LedgerEntryVersion.timestamp(day1)])
        XCTAssertEqual(try corpus.currentLedger().count, 6)
    }
}

import XCTest
import Duet
import DuetManifest
import DuetCorpusSamples
@testable import DuetCorpus

final class QuestionsIslandsTests: XCTestCase {
    private typealias Q = QuestionsCorpus

    func testTheSweepReportsEachDeclaredIslandWithItsPlatformsAndVerbs() throws {
        let sweep = try Q.make().islandSweep(ledger: Q.manifest().islands)
        XCTAssertEqual(sweep.islands.map(\.id), ["media-capture-chrome", "photo-carousel", "video-player"])
        XCTAssertEqual(sweep.islands.map(\.platforms), [["android", "ios"], ["android", "ios"], ["android", "ios"]])
        XCTAssertEqual(sweep.islands.map(\.verbs), [["flashToggled"], ["pageSwiped"], ["playTapped"]])
        XCTAssertTrue(sweep.holds)
        let carousel = sweep.islands[1]
        XCTAssertEqual(carousel.field, "carousel")
        XCTAssertEqual(carousel.snapshots, 4)   // distinct memorydetail snapshots
        XCTAssertEqual(carousel.summaries, 2)
    }

    func testAFailureTwinThatRestoresTheSummaryIsNotAVerb() throws {
        let player = try XCTUnwrap(try Q.make().islandSweep(ledger: Q.manifest().islands).islands.first { $0.id == "video-player" })
        XCTAssertEqual(player.twins, ["playTappedFailed"])
        // Negative control: a "Failed" step that does not restore the earlier summary counts as a verb.
        let notRestoring = Q.leaf("memorydetail.broken", "memorydetail", #"{"carousel":{"index":0},"player":{"playing":false}}"#, [
            ("playTapped", #"{"carousel":{"index":0},"player":{"playing":true}}"#),
            ("playTappedFailed", #"{"carousel":{"index":0},"player":{"error":true,"playing":false}}"#),
        ])
        let broken = try XCTUnwrap(try Q.make(extra: [notRestoring]).islandSweep(ledger: Q.manifest().islands).islands
            .first { $0.id == "video-player" })
        XCTAssertEqual(broken.verbs, ["playTapped", "playTappedFailed"])
        XCTAssertEqual(broken.twins, [])
    }

    func testThreeVerbsOnOneIslandAskForPromotion() throws {
        let grown = Q.leaf("memorydetail.zoom", "memorydetail", #"{"carousel":{"index":0},"player":{"playing":false}}"#, [
            ("zoomed", #"{"carousel":{"index":0,"zoom":2},"player":{"playing":false}}"#),
            ("zoomReset", #"{"carousel":{"index":0},"player":{"playing":false}}"#),
        ])
        let sweep = try Q.make(extra: [grown]).islandSweep(ledger: Q.manifest().islands)
        XCTAssertEqual(sweep.promotions.map(\.id), ["photo-carousel"])
        XCTAssertEqual(sweep.promotions.first?.verbs, ["pageSwiped", "zoomReset", "zoomed"])
        XCTAssertFalse(sweep.holds)
    }

    func testAnIslandMissingFromTheLedgerIsShownUndeclared() throws {
        let islands = try Q.manifest().islands.filter { $0.id != "video-player" }
        let sweep = try Q.make().islandSweep(ledger: islands)
        let player = try XCTUnwrap(sweep.islands.first { $0.id == "video-player" })
        XCTAssertFalse(player.declared)
        XCTAssertTrue(try XCTUnwrap(sweep.islands.first { $0.id == "photo-carousel" }).declared)
    }
}

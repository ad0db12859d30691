import XCTest
import Duet
import DuetCorpusSamples
@testable import DuetCorpus

final class QuestionsKindsTests: XCTestCase {
    func testCoverageCountsFixturesAndStepsPerKind() throws {
        let corpus = try QuestionsCorpus.make()
        let coverage = try corpus.kindCoverage(feature: "capture")
        let camera = try XCTUnwrap(coverage.entries.first { $0.kind == "capture.slot.camera" })
        XCTAssertTrue(camera.declared)
        XCTAssertEqual(camera.fixtures, 2)
        XCTAssertEqual(camera.steps, 3)
        XCTAssertEqual(camera.primitive, .slot)
        XCTAssertEqual(Set(coverage.entries.map(\.feature)), ["capture"])
    }

    func testDeclaredKindsNoFixtureReachesAreListed() throws {
        let corpus = try QuestionsCorpus.make()
        let unreached = try corpus.kindCoverage().unreached.map(\.kind)
        XCTAssertTrue(unreached.contains("capture.slot.location"))
        XCTAssertTrue(unreached.contains("rootnav.stage.registration"))
        XCTAssertFalse(unreached.contains("capture.slot.camera"))
        // Negative control: once a fixture reaches it, it is no longer unreached.
        let reaching = QuestionsCorpus.leaf("capture.location", "capture", #"{"chrome":{"flash":false}}"#,
                                            [("locationTapped", #"{"chrome":{"flash":false},"sheet":{"case":"location"}}"#)])
        let more = try QuestionsCorpus.make(extra: [reaching])
        XCTAssertFalse(try more.kindCoverage().unreached.map(\.kind).contains("capture.slot.location"))
    }

    func testKindsSeenButNotDeclaredAreReportedAsUndeclared() throws {
        let stray = QuestionsCorpus.leaf("capture.stray", "capture", #"{"chrome":{"flash":false}}"#,
                                         [("strayTapped", #"{"chrome":{"flash":false},"sheet":{"case":"stray"}}"#)])
        let corpus = try QuestionsCorpus.make(extra: [stray])
        XCTAssertEqual(try corpus.kindCoverage().undeclared.map(\.kind), ["capture.slot.stray"])
        XCTAssertEqual(try QuestionsCorpus.make().kindCoverage().undeclared, [])
    }

    func testVerbInventoryListsTheActionsThatChangeEachField() throws {
        let corpus = try QuestionsCorpus.make()
        let verbs = try corpus.verbInventory(feature: "capture")
        XCTAssertEqual(verbs.map(\.verb), ["cameraTapped", "libraryTapped", "modalDismissed"])
        let camera = try XCTUnwrap(verbs.first { $0.verb == "cameraTapped" })
        XCTAssertEqual(camera.steps, 2)
        XCTAssertEqual(camera.fixtures, 2)
        XCTAssertEqual(camera.entered, ["capture.slot.camera"])
        XCTAssertEqual(camera.left, ["capture.slot.photoSource"])
        // Negative control: an action that changes no L0 field is not a verb.
        XCTAssertFalse(verbs.contains { $0.verb == "flashToggled" })
    }

    func testFixturesFilterByFeatureAndKind() throws {
        let corpus = try QuestionsCorpus.make()
        XCTAssertEqual(try corpus.fixtureSummaries(feature: "capture").map(\.name),
                       ["capture.camera", "capture.camera-from-source", "capture.library"])
        XCTAssertEqual(try corpus.fixtureSummaries(kind: KindPattern("camera")).map(\.name),
                       ["capture.camera", "capture.camera-from-source"])
        XCTAssertEqual(try corpus.fixtureSummaries(feature: "timeline", kind: KindPattern("camera")), [])
        XCTAssertEqual(try corpus.fixtureSummaries().count, QuestionsCorpus.fixtures.count)
    }
}

import Duet
import DuetReplay
import XCTest
import DuetFixtures

/// The drift gate compares behaviour by full canonical bytes and lets metadata through.
final class DriftCheckTests: XCTestCase {
    func stored(_ fixtures: [Fixture]) -> [String: Fixture] {
        Dictionary(uniqueKeysWithValues: fixtures.map { ($0.name, $0) })
    }

    func testAnIdenticalRecordingIsUnchanged() throws {
        let recording = try SampleRunner.record().fixtures
        XCTAssertEqual(DriftCheck.compare(recorded: recording, stored: stored(recording)).map(\.change),
                       Array(repeating: .unchanged, count: recording.count))
    }

    func testRelabelledStepsAreMetadataOnly() throws {
        let before = try SampleRunner.record().fixtures
        let after = try SampleRunner.record("--relabel").fixtures
        let entries = DriftCheck.compare(recorded: after, stored: stored(before))
        XCTAssertEqual(entries[0].change, .metadata)
        XCTAssertEqual(entries[0].metadataChanges, ["steps[0].label"])
        XCTAssertEqual(entries.dropFirst().map(\.change), [.unchanged, .unchanged, .unchanged])
    }

    func testABehaviouralChangeIsLocatedAtItsFirstStepAndPath() throws {
        let before = try SampleRunner.record().fixtures
        let after = try SampleRunner.record("--mutate").fixtures
        let entry = DriftCheck.compare(recorded: after, stored: stored(before))[0]
        XCTAssertEqual(entry.change, .changed)
        XCTAssertEqual(entry.location?.step, 3)
        XCTAssertEqual(entry.location?.field, "expectedState")
        XCTAssertEqual(entry.location?.divergence, Divergence(path: "count", expected: "3", actual: "4"))
    }

    func testADifferenceDeepInsideALongStateIsStillCaught() throws {
        // Never a hash of a prefix: the last byte of a large state counts.
        var before = try SampleRunner.record().fixtures[0]
        before.steps[5].expectedState = json(#"{"count":3,"history":[\#(Array(repeating: "\"x\"", count: 5000).joined(separator: ",")),"first"],"sheet":{"case":"editor","value":{"name":"n"}}}"#)
        var after = before
        after.steps[5].expectedState = json(#"{"count":3,"history":[\#(Array(repeating: "\"x\"", count: 5000).joined(separator: ",")),"firsT"],"sheet":{"case":"editor","value":{"name":"n"}}}"#)
        let entry = DriftCheck.compare(recorded: [after], stored: stored([before]))[0]
        XCTAssertEqual(entry.change, .changed)
        XCTAssertEqual(entry.location?.divergence.path, "history[5000]")
    }

    func testANewScenarioIsNew() throws {
        let recording = try SampleRunner.record().fixtures
        XCTAssertEqual(DriftCheck.compare(recorded: recording, stored: stored(Array(recording.dropFirst())))[0].change, .new)
    }
}

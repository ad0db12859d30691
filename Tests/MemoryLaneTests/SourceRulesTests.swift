import Duet
import XCTest

/// Memory Lane's reducers never invent ids or read the clock: every UUID and timestamp
/// arrives in an action payload.
final class SourceRulesTests: XCTestCase {
    static let forbidden = ["UUID()", "Date()", "Date.now", ".random", "Date(timeIntervalSinceNow"]

    func testNoFeatureSourceGeneratesIdsOrReadsTheClock() throws {
        let folder = PackageRoot.url.appendingPathComponent("Sources/MemoryLane")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThanOrEqual(files.count, 16)
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            XCTAssertEqual(Self.violations(in: source), [], file.lastPathComponent)
        }
    }

    func testTheScanFindsAGeneratedId() {
        // Negative control.
        XCTAssertEqual(Self.violations(in: "state.draftId = UUID()\nstate.at = Date()"), ["UUID()", "Date()"])
    }

    static func violations(in source: String) -> [String] {
        forbidden.filter { source.contains($0) }
    }
}

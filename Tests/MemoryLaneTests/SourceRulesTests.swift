import Duet
import MemoryLane
import XCTest

/// Memory Lane's reducers never invent ids or read the clock: every UUID and timestamp
/// arrives in an action payload.
final class SourceRulesTests: XCTestCase {
    static let forbidden = ["UUID()", "Date()", "Date.now", ".random", "Date(timeIntervalSinceNow"]

    func testNoFeatureSourceGeneratesIdsOrReadsTheClock() throws {
        let folder = PackageRoot.url.appendingPathComponent("Sources/MemoryLane")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        var sources: [String] = []
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            XCTAssertEqual(Self.violations(in: source), [], file.lastPathComponent)
            sources.append(source)
        }
        let declarations = MemoryLaneApp.features.map { feature in "static let name = " + JSONValue.string(feature.name).canonicalString }
        let unscanned = declarations.filter { declaration in !sources.contains { $0.contains(declaration) } }
        XCTAssertEqual(unscanned, [], "the scan read every feature's reducer")
    }

    func testTheScanFindsAGeneratedId() {
        // Negative control.
        XCTAssertEqual(Self.violations(in: "state.draftId = UUID()\nstate.at = Date()"), ["UUID()", "Date()"])
    }

    static func violations(in source: String) -> [String] {
        forbidden.filter { source.contains($0) }
    }
}

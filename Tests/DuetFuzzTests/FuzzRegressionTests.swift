import Foundation
import XCTest
import Duet
import DuetFuzzProperties

/// Every input the fuzzers kept (`Tests/FuzzRegressions/<target>/`, found by `tools/fuzz/run.sh`)
/// and the seed inputs they start from still satisfy their target's properties.
final class FuzzRegressionTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    private func inputs(_ target: FuzzTarget) throws -> [URL] {
        let folder = root.appendingPathComponent("FuzzRegressions/\(target.rawValue)")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
    }

    func testEveryKeptInputHolds() throws {
        var replayed = 0
        for target in FuzzTarget.allCases {
            for input in try inputs(target) {
                XCTAssertNil(target.finding(in: Array(try Data(contentsOf: input))), "\(target.rawValue): \(input.lastPathComponent)")
                replayed += 1
            }
        }
        XCTAssertGreaterThan(replayed, 0, "no regression inputs were found under \(root.path)/FuzzRegressions")
    }

    /// Negative controls: each property sees a broken input as broken and a good one as good.
    func testThePropertiesCanFail() {
        XCTAssertNil(FuzzTarget.dialect.finding(in: Array(#"{"b":[1,{"c":null}],"a":"\u00e9"}"#.utf8)))
        XCTAssertNil(FuzzTarget.dialect.finding(in: Array("[1.5]".utf8)), "a refusal by both readers is no finding")
        XCTAssertNil(FuzzTarget.fixture.finding(in: Array(#"{"feature":"nav","initialState":{"sheet":null},"steps":[]}"#.utf8)))
        XCTAssertNil(FuzzTarget.manifest.finding(in: Array("runners:\n  swift: x\n".utf8)))
        XCTAssertNil(FuzzTarget.manifest.finding(in: Array("runners: [\n".utf8)), "an error with a place is no finding")
        let document = #"{"b":[1,{"c":null}],"a":"x"}"#
        XCTAssertNotNil(DialectProperty.finding(in: Array(document.utf8), canonicalize: { (bytes) throws(DialectError) in
            try CanonicalJSON.canonicalize(bytes) + [UInt8(ascii: " ")]
        }), "a writer that disagrees with the reference writer is reported")
        let fixture = #"{"feature":"nav","initialState":{"sheet":null},"steps":[{"action":{"case":"open"},"expectedEffects":[],"expectedState":{"sheet":{"case":"camera"}},"label":"LABEL"}]}"#
        XCTAssertNil(FixtureReaderProperty.finding(in: Array(fixture.utf8)))
        XCTAssertNotNil(FixtureReaderProperty.finding(in: Array(fixture.utf8), treeBytes: Array(fixture.replacingOccurrences(of: "LABEL", with: "other").utf8)),
                        "readers that store different rows are reported")
        XCTAssertNotNil(FixtureReaderProperty.finding(in: Array(fixture.replacingOccurrences(of: "camera", with: "photo").utf8), treeBytes: Array(fixture.utf8)))
    }
}

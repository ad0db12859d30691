import Foundation
import XCTest
import Duet

/// Every input kept from the fuzzers (`Tests/FuzzRegressions/TARGET.hex`, one hex-encoded input per
/// line, added by `tools/fuzz/keep.sh`: findings, and small inputs that reach distinct paths) still
/// satisfies its target's properties.
final class FuzzRegressionTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// The kept inputs of `target`; an empty line is the empty input.
    private func inputs(_ target: FuzzTarget) throws -> [[UInt8]] {
        let bundle = root.appendingPathComponent("FuzzRegressions/\(target.rawValue).hex")
        guard FileManager.default.fileExists(atPath: bundle.path) else { return [] }
        var lines = try String(contentsOf: bundle, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return try lines.filter { !$0.hasPrefix("#") }.map { line in
            let digits = Array(line.utf8)
            guard digits.count % 2 == 0 else { throw DecodingError(line: String(line)) }
            return try stride(from: 0, to: digits.count, by: 2).map { index in
                guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { throw DecodingError(line: String(line)) }
                return byte
            }
        }
    }

    private struct DecodingError: Error { var line: String }

    func testEveryKeptInputHolds() throws {
        var replayed = 0
        for target in FuzzTarget.allCases {
            for (index, input) in try inputs(target).enumerated() {
                XCTAssertNil(target.finding(in: input), "\(target.rawValue) input \(index + 1): \(String(decoding: input.prefix(80), as: UTF8.self))")
                replayed += 1
            }
        }
        XCTAssertGreaterThan(replayed, 0, "no kept inputs under \(root.path)/FuzzRegressions")
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

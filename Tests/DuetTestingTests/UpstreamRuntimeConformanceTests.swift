import Duet
import DuetScenarios
import Foundation
import XCTest

/// What our runtime writes agrees with what upstream's runtime wrote (`../shared/reference`, beside
/// the checkout, never copied in): the kernel-trace vectors are upstream's traces byte for byte
/// (and each line is what our compact writer writes), and the scenario DSL expands branches into
/// the fixtures upstream's expanded. The vectors' own tests (KernelTraceTests, ScenarioDSLTests)
/// run on a fresh clone; this one needs upstream's files and says so when they are absent.
final class UpstreamRuntimeConformanceTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testOurKernelTracesAndBranchExpansionAreUpstreams() throws {
        let upstream = Self.root.appendingPathComponent("../shared/reference/duet").standardizedFileURL
        guard FileManager.default.fileExists(atPath: upstream.path) else {
            throw XCTSkip("upstream's files are not at \(upstream.path): the kernel traces and branch expansion are not compared with upstream's (the vectors' tests still run)")
        }
        let vectors = Self.root.appendingPathComponent("vectors/kernel-trace")
        let traces = try FileManager.default.contentsOfDirectory(atPath: upstream.appendingPathComponent("kernel-trace").path).filter { $0.hasSuffix(".jsonl") }.sorted()
        XCTAssertEqual(traces, try FileManager.default.contentsOfDirectory(atPath: vectors.path).filter { $0.hasSuffix(".jsonl") }.sorted(),
                       "one vector per upstream trace")
        for name in traces {
            let theirs = try Data(contentsOf: upstream.appendingPathComponent("kernel-trace/\(name)"))
            XCTAssertEqual(try Data(contentsOf: vectors.appendingPathComponent(name)), theirs, "vectors/kernel-trace/\(name) is not upstream's trace")
            for line in String(decoding: theirs, as: UTF8.self).split(separator: "\n") {
                XCTAssertEqual(try CanonicalJSON.canonicalize(Array(line.utf8)), Array(line.utf8), "\(name): \(line)")
            }
        }
        let endings = ScenarioDSLTests.endings
        for path in endings.definition.paths() {
            let document = try CanonicalJSON.parse(Data(contentsOf: upstream.appendingPathComponent("fixtures/\(path.fixture).fixture.json")))
            XCTAssertEqual(document["scenario"]?["branch"]?.stringValue, path.branch)
            XCTAssertEqual(document["description"]?.stringValue, endings.description)
            XCTAssertEqual(document["initialState"], endings.definition.initialState)
            let steps = document["steps"]?.arrayValue ?? []
            XCTAssertEqual(steps.compactMap { $0["label"]?.stringValue }, path.steps.map(\.label))
            XCTAssertEqual(steps.compactMap { $0["action"] }, path.steps.map(\.action))
        }
    }
}

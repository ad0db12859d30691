import XCTest
import Duet
import DuetFixtures

/// The project's vectors are in the dialect's pinned forms: every fixture document is what the
/// pretty writer writes, every kernel-trace line what the compact writer writes (the traces were
/// written by the Kotlin flavor, so this is also the two flavors' writers agreeing).
final class DialectConformanceTests: XCTestCase {
    static var vectors: URL {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("vectors")
    }

    static func files(under folder: URL, suffix: String) -> [URL] {
        let all = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return all.filter { $0.lastPathComponent.hasSuffix(suffix) }.sorted { $0.path < $1.path }
    }

    /// The files under `folder` that the pretty writer (fixtures) or the compact writer (trace lines) writes differently.
    static func notInPinnedForm(under folder: URL) throws -> [String] {
        var wrong: [String] = []
        for url in files(under: folder, suffix: ".fixture.json") {
            let bytes = [UInt8](try Data(contentsOf: url))
            if try CanonicalJSON.prettify(bytes) != bytes { wrong.append(url.lastPathComponent) }
        }
        for url in files(under: folder, suffix: ".jsonl") {
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: true)
            if try lines.contains(where: { try CanonicalJSON.canonicalize(Array($0.utf8)) != Array($0.utf8) }) { wrong.append(url.lastPathComponent) }
        }
        return wrong
    }

    func testEveryVectorIsInThePinnedForm() throws {
        XCTAssertGreaterThanOrEqual(Self.files(under: Self.vectors, suffix: ".fixture.json").count, 7)
        XCTAssertEqual(Self.files(under: Self.vectors, suffix: ".jsonl").count, 6)
        XCTAssertEqual(try Self.notInPinnedForm(under: Self.vectors), [])
    }

    func testAVectorOutOfItsPinnedFormIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duet-dialect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var fixture = [UInt8](try Data(contentsOf: Self.vectors.appendingPathComponent("tutorial/parity/fixtures/counter.fixture.json")))
        fixture.insert(UInt8(ascii: " "), at: fixture.firstIndex(of: UInt8(ascii: ":"))!)
        try Data(fixture).write(to: folder.appendingPathComponent("counter.fixture.json"))
        let trace = try String(contentsOf: Self.vectors.appendingPathComponent("kernel-trace/send-reduce-sync.trace.jsonl"), encoding: .utf8)
        try Data(trace.replacingOccurrences(of: #"{"action":"\"inc\"","event":"send"}"#, with: #"{"event":"send","action":"\"inc\""}"#).utf8)
            .write(to: folder.appendingPathComponent("send-reduce-sync.trace.jsonl"))
        XCTAssertEqual(try Self.notInPinnedForm(under: folder), ["counter.fixture.json", "send-reduce-sync.trace.jsonl"])
    }
}

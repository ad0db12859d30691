import XCTest
import Duet
import DuetFixtures

/// The writers reproduce the reference files from the open Duet repositories byte for byte.
final class DialectConformanceTests: XCTestCase {
    private var reference: URL {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url.deleteLastPathComponent()
        }
        return url.deletingLastPathComponent().appendingPathComponent("shared/reference")
    }

    private func files(under folder: URL, suffix: String) throws -> [URL] {
        guard FileManager.default.fileExists(atPath: folder.path) else {
            throw XCTSkip("\(folder.path) is absent; conformance against the reference files not checked")
        }
        let all = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return all.filter { $0.lastPathComponent.hasSuffix(suffix) }.sorted { $0.path < $1.path }
    }

    func testEveryReferenceFixtureReEmitsByteIdenticallyThroughThePrettyWriter() throws {
        let fixtures = try files(under: reference, suffix: ".fixture.json")
        XCTAssertFalse(fixtures.isEmpty, "no fixture files under \(reference.path)")
        for url in fixtures {
            let bytes = [UInt8](try Data(contentsOf: url))
            XCTAssertEqual(try CanonicalJSON.prettify(bytes), bytes, url.lastPathComponent)
            // Negative control: a reordered copy is not what the writer produces.
            var broken = bytes
            broken.insert(UInt8(ascii: " "), at: broken.firstIndex(of: UInt8(ascii: ":"))!)
            XCTAssertNotEqual(try CanonicalJSON.prettify(broken), broken, url.lastPathComponent)
        }
    }

    func testEveryKernelTraceLineReEmitsByteIdenticallyThroughTheCompactWriter() throws {
        let traces = try files(under: reference.appendingPathComponent("duet/kernel-trace"), suffix: ".jsonl")
        XCTAssertFalse(traces.isEmpty)
        var lines = 0
        for url in traces {
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                let bytes = Array(line.utf8)
                XCTAssertEqual(try CanonicalJSON.canonicalize(bytes), bytes, "\(url.lastPathComponent): \(line)")
                lines += 1
            }
        }
        XCTAssertGreaterThan(lines, 0)
    }
}

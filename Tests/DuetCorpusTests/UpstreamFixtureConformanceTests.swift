import XCTest
import Duet
@testable import DuetCorpus
import DuetFixtures

/// Upstream's own fixture documents (`../shared/reference/duet/fixtures`, beside the checkout, never
/// copied in) go through our readers and writers as the project's vectors do: the pinned pretty
/// form, the fixture model, import then export, and both import readers. The vectors' tests run on
/// a fresh clone; this one needs upstream's files and says so when they are absent.
final class UpstreamFixtureConformanceTests: XCTestCase {
    func testUpstreamsFixturesAreReadAndWrittenBackByteForByte() throws {
        let upstream = packageRoot.appendingPathComponent("../shared/reference/duet/fixtures").standardizedFileURL
        guard FileManager.default.fileExists(atPath: upstream.path) else {
            throw XCTSkip("upstream's fixtures are not at \(upstream.path): conformance with upstream's files is not checked (the vectors' tests still run)")
        }
        let files = try fixtureFiles(in: upstream)
        XCTAssertGreaterThanOrEqual(files.count, 4)
        for file in files {
            let bytes = try bytes(of: file)
            XCTAssertEqual(try CanonicalJSON.prettify(bytes), bytes, "\(file.lastPathComponent): not what our pretty writer writes")
            XCTAssertNil(try FixtureDocumentTests.modelRoundTripProblem(bytes, name: file.lastPathComponent))
        }
        XCTAssertEqual(try ImportExportTests.importExportMismatches(upstream), [])
        try assertSameRows(importing: upstream, structures: ["counter": ["phase": .stage]], expectCompact: true)
        let seed = try exportedSeed()
        let corpus = try Corpus.temporary()
        XCTAssertEqual(try corpus.importFixtures(from: seed.fixtures.path).inserted.count, seed.count)
        XCTAssertEqual(try corpus.importFixtures(from: upstream.path).inserted.count, files.count, "upstream's fixtures import next to Memory Lane's")
    }
}

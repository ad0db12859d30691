import XCTest
import Duet
@testable import DuetCLI

/// `--corpus` elsewhere, tree here: a corpus records the tree it follows, and a command run in
/// another tree, or outside any, is refused before it writes either.
final class CorpusAndTreeTests: XCTestCase {
    /// A tree holding one fixture file named `name`.
    private func tree(holding name: String) throws -> URL {
        let root = try temporaryDirectory()
        let fixtures = root.appendingPathComponent("parity/fixtures")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        try Data(try CanonicalJSON.parse(#"{"feature":"counter","initialState":{"count":0},"steps":[{"action":{"case":"increment"},"expectedEffects":[],"expectedState":{"count":1}}]}"#).prettyBytes)
            .write(to: fixtures.appendingPathComponent("\(name).fixture.json"))
        return root
    }

    private func files(_ tree: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: tree.appendingPathComponent("parity/fixtures").path).sorted()
    }

    func testACorpusThatFollowsAnotherTreeIsRefusedBeforeEitherTreeIsWritten() throws {
        let first = try tree(holding: "counter.first")
        let second = try tree(holding: "counter.second")
        let corpus = try temporaryDirectory().appendingPathComponent("c.db").path

        let adopt = duet("--corpus", corpus, "query", "fixtures", in: first.path)
        XCTAssertEqual(adopt.status, .holds, adopt.stderr)
        XCTAssertTrue(adopt.stderr.contains("follows the tree at \(first.path) from now on"), adopt.stderr)

        let incoming = try temporaryDirectory()
        try FileManager.default.copyItem(at: second.appendingPathComponent("parity/fixtures/counter.second.fixture.json"),
                                         to: incoming.appendingPathComponent("counter.third.fixture.json"))
        let refused = duet("--corpus", corpus, "import", incoming.path, in: second.path)
        XCTAssertEqual(refused.status, .usage, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("this corpus follows the tree at \(first.path), not the tree here (\(second.path))"), refused.stderr)
        XCTAssertEqual(try files(second), ["counter.second.fixture.json"], "nothing is copied into the tree here")
        XCTAssertEqual(try files(first), ["counter.first.fixture.json"], "nothing is written into the corpus's own tree")

        let outside = try temporaryDirectory()
        let nowhere = duet("--corpus", corpus, "import", incoming.path, in: outside.path)
        XCTAssertEqual(nowhere.status, .usage, nowhere.stderr)
        XCTAssertTrue(nowhere.stderr.contains("this corpus follows the tree at \(first.path), and \(outside.path) is outside it"), nowhere.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: outside.appendingPathComponent("parity").path), "no new tree is started")

        // The control: in the tree the corpus follows, the same import is taken.
        let taken = duet("--corpus", corpus, "import", incoming.path, in: first.path)
        XCTAssertEqual(taken.status, .holds, taken.stderr)
        XCTAssertEqual(try files(first), ["counter.first.fixture.json", "counter.third.fixture.json"])
    }
}

import XCTest
import Duet
@testable import DuetCorpus

final class SeedTests: XCTestCase {
    private func populated() throws -> Corpus {
        let corpus = try Corpus.temporary()
        try corpus.setStructures(manifestStructures: ["nav": ["path": .path, "sheet": .slot]])
        try corpus.upsertFixtures([
            try navigationFixture(steps: [(#"{"case":"open"}"#, #"{"path":[],"sheet":{"case":"camera"},"title":"it's\nnew"}"#)]),
            try navigationFixture(name: "nav.other", steps: [(#"{"case":"push"}"#, #"{"path":["detail"],"title":"t"}"#)]),
        ])
        try corpus.upsertScenario(fixture: "nav", feature: "nav", description: "d", source: "S.swift", definition: .array([]))
        return corpus
    }

    func testTheDumpIsByteIdenticalAcrossRunsAndCorpora() throws {
        let a = try populated(), b = try populated()
        let first = try a.dumpText()
        XCTAssertEqual(first, try a.dumpText())
        XCTAssertEqual(first, try b.dumpText(), "two corpora built the same way dump the same bytes")
        XCTAssertTrue(first.contains(#"CAST('{"case":"open"}' AS BLOB)"#), "blobs are dumped as reviewable text")
        // Negative control: a change in content changes the dump.
        try b.upsertFixtures([try navigationFixture(steps: [(#"{"case":"close"}"#, #"{"path":[],"title":"t"}"#)])])
        XCTAssertNotEqual(first, try b.dumpText())
    }

    func testLoadingADumpRebuildsTheSameCorpus() throws {
        let original = try populated()
        let dir = try makeTemporaryDirectory()
        let seed = dir.appendingPathComponent("corpus.db.seed")
        try write(try original.dumpText(), to: seed)
        let loaded = try Corpus.load(seed: seed.path, into: dir.appendingPathComponent("corpus.db").path)
        XCTAssertEqual(try loaded.dumpText(), try original.dumpText())
        XCTAssertEqual(try loaded.fixtures(), try original.fixtures())
        XCTAssertTrue(try loaded.check().holds)
        XCTAssertNotNil(try loaded.seedHash())
    }

    func testAMissingCorpusIsBuiltFromTheSeedWithANoticeAndAStaleOneIsReported() throws {
        let repo = try makeTemporaryDirectory("repo")
        let work = repo.appendingPathComponent("parity/fixtures")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try write(try populated().dumpText(), to: repo.appendingPathComponent("corpus.db.seed"))

        let location = CorpusLocation.locate(explicit: nil, environment: [:], workingDirectory: work.path)
        XCTAssertEqual(location.path, repo.appendingPathComponent("corpus.db").standardizedFileURL.path)
        XCTAssertEqual(location.source, .repository)
        let opened = try location.open()
        XCTAssertEqual(opened.notices.count, 1)
        XCTAssertTrue(opened.notices[0].contains("from the seed"))
        XCTAssertEqual(try opened.corpus.fixtureNames(), ["nav", "nav.other"])
        XCTAssertEqual(try location.open().notices, [], "an up-to-date corpus opens quietly")

        let newer = try populated()
        try newer.upsertFixtures([try navigationFixture(name: "nav.third", steps: [])])
        try write(try newer.dumpText(), to: repo.appendingPathComponent("corpus.db.seed"))
        let stale = try location.open()
        XCTAssertEqual(stale.notices.count, 1)
        XCTAssertTrue(stale.notices[0].contains("duet corpus load"), stale.notices[0])
    }

    func testTheCorpusOptionWinsOverTheEnvironmentWhichWinsOverTheRepository() throws {
        let repo = try makeTemporaryDirectory("repo")
        try FileManager.default.createDirectory(at: repo.appendingPathComponent("parity"), withIntermediateDirectories: true)
        let located = { (explicit: String?, env: [String: String]) in
            CorpusLocation.locate(explicit: explicit, environment: env, workingDirectory: repo.path)
        }
        XCTAssertEqual(located("/tmp/x.db", ["DUET_CORPUS": "/tmp/y.db"]).path, "/tmp/x.db")
        XCTAssertEqual(located(nil, ["DUET_CORPUS": "/tmp/y.db"]).path, "/tmp/y.db")
        XCTAssertEqual(located(nil, [:]).source, .repository)
        XCTAssertEqual(located(nil, [:]).path, repo.appendingPathComponent("corpus.db").standardizedFileURL.path)
    }
}

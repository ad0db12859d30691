import Foundation
import XCTest
import Duet
@testable import DuetCorpus

/// A seed is loaded through the authorizer: only the statements a dump holds, only into the
/// corpus's own tables; anything else is refused with its line and nothing is written.
final class SeedAuthorizerTests: XCTestCase {
    private func dump() throws -> String {
        let corpus = try Corpus.temporary()
        try corpus.setStructures(manifestStructures: ["nav": ["path": .path, "sheet": .slot]])
        try corpus.upsertFixtures([try navigationFixture(steps: [(#"{"case":"open"}"#, #"{"path":[],"sheet":{"case":"camera"},"title":"it's\nnew"}"#)])])
        return try corpus.dumpText()
    }

    /// Where a crafted statement goes: before the transaction, right after `BEGIN`, or among the rows.
    enum Place { case beforeBegin, afterBegin, amongRows }

    /// The dump with `statement` on a line of its own at `place`; returns the text and the statement's line.
    private func crafted(_ statement: String, at place: Place) throws -> (String, Int) {
        var lines = try dump().components(separatedBy: "\n")
        let index: Int
        switch place {
        case .beforeBegin: index = try XCTUnwrap(lines.firstIndex(of: "BEGIN TRANSACTION;"))
        case .afterBegin: index = try XCTUnwrap(lines.firstIndex(of: "BEGIN TRANSACTION;")) + 1
        case .amongRows: index = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("INSERT INTO \"fixtures\"") })
        }
        lines.insert(statement, at: index)
        return (lines.joined(separator: "\n"), index + 1)
    }

    func testEveryStatementOutsideADumpIsRefusedWithItsLineAndNothingIsWritten() throws {
        let dir = try makeTemporaryDirectory("seed")
        let attached = dir.appendingPathComponent("attached.db").path
        let vacuumed = dir.appendingPathComponent("vacuumed.db").path
        let attacks: [(statement: String, at: Place, says: String)] = [
            ("ATTACH DATABASE '\(attached)' AS elsewhere;", .afterBegin, "ATTACH"),
            ("ATTACH DATABASE '\(attached)' AS elsewhere;", .beforeBegin, "ATTACH"),
            ("VACUUM INTO '\(vacuumed)';", .beforeBegin, "VACUUM"),
            ("CREATE TABLE elsewhere(a);", .afterBegin, "CREATE TABLE elsewhere"),
            ("CREATE TEMP TABLE elsewhere(a);", .afterBegin, "temp"),
            ("PRAGMA writable_schema = ON;", .afterBegin, "PRAGMA writable_schema"),
            ("CREATE TRIGGER t AFTER INSERT ON blobs BEGIN DELETE FROM fixtures; END;", .amongRows, "CREATE TRIGGER"),
            ("DELETE FROM sqlite_master;", .amongRows, "sqlite_master"),
            ("UPDATE sqlite_master SET sql = 'x';", .amongRows, "sqlite_master"),
            ("DELETE FROM blobs;", .amongRows, "DELETE FROM blobs"),
            ("SELECT load_extension('/tmp/x');", .afterBegin, "load_extension"),
            ("SELECT 1;", .afterBegin, "SELECT is not allowed"),
            ("CREATE VIRTUAL TABLE v USING fts4(a);", .afterBegin, "CREATE VIRTUAL TABLE"),
            ("INSERT INTO corpus_meta(key, value) SELECT 'k', load_extension('/tmp/x');", .amongRows, "load_extension"),
        ]
        for attack in attacks {
            let (text, line) = try crafted(attack.statement, at: attack.at)
            let seed = dir.appendingPathComponent("corpus.db.seed")
            try write(text, to: seed)
            let target = dir.appendingPathComponent("corpus.db").path
            XCTAssertThrowsError(try Corpus.load(seed: seed.path, into: target), attack.statement) { error in
                let input = error as? InputError
                XCTAssertEqual(input?.line, line, "\(attack.statement): \(error)")
                XCTAssertTrue(input?.message.contains(attack.says) == true, "\(attack.statement): \(error)")
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "corpus.db.seed" }
            XCTAssertEqual(left, [], "\(attack.statement) left files behind")
        }
    }

    func testTheAutomaticBuildFromTheNearestSeedIsGuardedToo() throws {
        let repo = try makeTemporaryDirectory("repo")
        let attached = repo.appendingPathComponent("attached.db")
        let (text, line) = try crafted("ATTACH DATABASE '\(attached.path)' AS elsewhere;", at: .afterBegin)
        try write(text, to: repo.appendingPathComponent("corpus.db.seed"))
        let location = CorpusLocation.locate(explicit: nil, environment: [:], workingDirectory: repo.path)
        XCTAssertThrowsError(try location.open()) { error in
            XCTAssertEqual((error as? InputError)?.line, line, "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: attached.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: location.path), "the corpus file must not appear")
    }

    func testADumpLoadsUnderTheAuthorizerAndAFailingOneLeavesTheOldCorpus() throws {
        let dir = try makeTemporaryDirectory("seed")
        let seed = dir.appendingPathComponent("corpus.db.seed")
        let target = dir.appendingPathComponent("corpus.db").path
        try write(try dump(), to: seed)
        let loaded = try Corpus.load(seed: seed.path, into: target)
        XCTAssertEqual(try loaded.fixtureNames(), ["nav"])
        XCTAssertEqual(try loaded.dumpText(), try dump(), "what loads under the authorizer is the whole dump")
        // A broken seed names its line and leaves the corpus that was there.
        let (text, line) = try crafted("INSERT INTO fixtures VALUES(;", at: .amongRows)
        try write(text, to: seed)
        XCTAssertThrowsError(try Corpus.load(seed: seed.path, into: target)) { error in
            XCTAssertEqual((error as? InputError)?.line, line, "\(error)")
        }
        XCTAssertEqual(try Corpus.open(at: target).fixtureNames(), ["nav"])
    }

    func testTheAllowedObjectsComeFromTheMigrations() throws {
        let authorizer = try SeedAuthorizer(migrator: Migrator())
        XCTAssertTrue(authorizer.tables.isSuperset(of: ["blobs", "fixtures", "steps", "schema_migrations", "corpus_meta"]))
        XCTAssertTrue(authorizer.views.contains("kind_coverage"))
        XCTAssertTrue(authorizer.indexes.contains("steps_by_state"))
        XCTAssertTrue(authorizer.functions.contains("char"))
        XCTAssertFalse(authorizer.tables.contains("sqlite_stat1"))
    }
}

import Foundation
import XCTest
@testable import DuetCorpus

/// A new corpus is made from `EmptyCorpus.embedded` only while it is what the migrations make.
final class EmptyCorpusTests: XCTestCase {
    private static let embeddedSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/DuetCorpus/Migrations/EmbeddedEmptyCorpus.swift")

    /// Rewrites the embedded file when `DUET_REGENERATE_EMPTY_CORPUS` is set (what `tools/embed-migrations.sh` does).
    func testTheEmbeddedEmptyCorpusIsMadeFromTheEmbeddedMigrations() throws {
        let fresh = try EmptyCorpus.generatedSource(madeBy: Migrator())
        if ProcessInfo.processInfo.environment["DUET_REGENERATE_EMPTY_CORPUS"] != nil {
            try fresh.write(to: Self.embeddedSource, atomically: true, encoding: .utf8)
            print("EmptyCorpusTests: rewrote \(Self.embeddedSource.path); rebuild to embed it")
            return
        }
        let kept = try String(contentsOf: Self.embeddedSource, encoding: .utf8)
        XCTAssertEqual(kept, fresh, "EmbeddedEmptyCorpus.swift is not what the migrations make: run tools/embed-migrations.sh")
        XCTAssertTrue(EmptyCorpus.embedded.isMade(from: Migration.embedded),
                      "this build embeds a stale empty corpus: run tools/embed-migrations.sh and rebuild")
    }

    func testANewDatabaseFromTheScriptIsTheOneTheMigrationsMake() throws {
        let fromScript = try Database(path: ":memory:"), oneByOne = try Database(path: ":memory:")
        let applied = try Migrator().applyPending(to: fromScript)
        try Migrator().applyOneByOne(to: oneByOne)
        XCTAssertEqual(applied, Migration.embedded)
        XCTAssertEqual(try contents(of: fromScript), try contents(of: oneByOne))
        XCTAssertNoThrow(try Migrator().validate(fromScript))
        XCTAssertGreaterThan(try contents(of: oneByOne).count, Migration.embedded.count, "the comparison saw the schema")

        // Control: a script that lost one object makes another database, and the comparison sees it.
        let script = try EmptyCorpus.script(madeBy: Migrator())
        let firstEnd = try XCTUnwrap(script.range(of: ";\n"))
        let truncated = EmptyCorpus(fingerprint: EmptyCorpus.fingerprint(of: Migration.embedded), script: String(script[firstEnd.upperBound...]))
        let short = try Database(path: ":memory:")
        try Migrator().applyPending(to: short, from: truncated)
        XCTAssertNotEqual(try contents(of: short), try contents(of: oneByOne))
    }

    func testMigrationsTheScriptWasNotMadeFromAreAppliedOneByOne() throws {
        let extra = Migration(fileName: "9999_extra.sql", sql: "CREATE TABLE extra(x INTEGER) STRICT;")
        let migrator = Migrator(migrations: Migration.embedded + [extra])
        let empty = try EmptyCorpus(fingerprint: EmptyCorpus.fingerprint(of: Migration.embedded), script: EmptyCorpus.script(madeBy: Migrator()))
        XCTAssertFalse(empty.isMade(from: migrator.migrations))
        let db = try Database(path: ":memory:")
        XCTAssertEqual(try migrator.applyPending(to: db, from: empty).last, extra)
        XCTAssertEqual(try db.scalarInteger("SELECT count(*) FROM sqlite_schema WHERE name = 'extra'"), 1)
        XCTAssertNoThrow(try migrator.validate(db))
        // Control: the same script is used for the migrations it was made from, and makes no `extra`.
        XCTAssertTrue(empty.isMade(from: Migration.embedded))
        let plain = try Database(path: ":memory:")
        try Migrator().applyPending(to: plain, from: empty)
        XCTAssertEqual(try plain.scalarInteger("SELECT count(*) FROM sqlite_schema WHERE name = 'extra'"), 0)
        XCTAssertFalse(EmptyCorpus(fingerprint: "", script: "").isMade(from: []), "no migrations: nothing to make")
    }

    func testANewCorpusFileOpensWithEveryMigrationApplied() throws {
        let directory = try makeTemporaryDirectory()
        let path = directory.appendingPathComponent("corpus.db").path
        XCTAssertEqual(try Corpus.open(at: path).appliedOnOpen, Migration.embedded)
        XCTAssertEqual(try Corpus.open(at: path).appliedOnOpen, [], "reopened: nothing pending")
    }

    /// Every schema object (type, name, table, SQL) in creation order, then the ledger's rows.
    private func contents(of db: Database) throws -> [[SQLValue]] {
        try db.rows("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY rowid").map(\.values)
            + db.rows("SELECT version, file_name, checksum FROM schema_migrations ORDER BY version").map(\.values)
    }
}

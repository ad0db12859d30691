import XCTest
@testable import DuetCorpus

final class MigratorTests: XCTestCase {
    private let first = Migration(fileName: "0001_a.sql", sql: "CREATE TABLE a(x INTEGER) STRICT;")
    private let second = Migration(fileName: "0002_b.sql", sql: "CREATE TABLE b(y INTEGER) STRICT;")

    func testANewDatabaseGetsEveryMigrationOnceInOrder() throws {
        let db = try Database(path: ":memory:")
        let migrator = Migrator(migrations: [second, first])
        XCTAssertEqual(try migrator.applyPending(to: db).map(\.version), [1, 2])
        XCTAssertEqual(try migrator.applyPending(to: db), [])
        XCTAssertEqual(try db.rows("SELECT version, checksum FROM schema_migrations ORDER BY version").map { $0[1].text },
                       [first.checksum, second.checksum])
        XCTAssertNoThrow(try migrator.validate(db))
    }

    func testAnEditedAppliedMigrationIsRefusedWithWhatToDo() throws {
        let db = try Database(path: ":memory:")
        try Migrator(migrations: [first]).applyPending(to: db)
        let edited = Migration(fileName: "0001_a.sql", sql: "CREATE TABLE a(x TEXT) STRICT;")
        XCTAssertThrowsError(try Migrator(migrations: [edited]).validate(db)) { error in
            let refusal = error as? MigrationRefusal
            XCTAssertEqual(refusal?.reason, .edited(version: 1))
            XCTAssertTrue(refusal?.description.contains("0001_a.sql") == true)
            XCTAssertTrue(refusal?.fix.contains("duet corpus load") == true)
        }
        XCTAssertNoThrow(try Migrator(migrations: [first]).validate(db), "the unedited migration must still pass")
    }

    func testADatabaseNewerThanTheBinaryIsRefused() throws {
        let db = try Database(path: ":memory:")
        try Migrator(migrations: [first, second]).applyPending(to: db)
        XCTAssertThrowsError(try Migrator(migrations: [first]).validate(db)) { error in
            XCTAssertEqual((error as? MigrationRefusal)?.reason, .newerThanBinary(version: 2))
        }
    }

    func testPendingMigrationsAreRefusedUntilMigrateAppliesThem() throws {
        let dir = try makeTemporaryDirectory()
        let path = dir.appendingPathComponent("corpus.db").path
        _ = try Corpus.open(at: path, migrator: Migrator(migrations: [first]))
        XCTAssertThrowsError(try Corpus.open(at: path, migrator: Migrator(migrations: [first, second]))) { error in
            XCTAssertEqual((error as? MigrationRefusal)?.reason, .pending(versions: [2]))
            XCTAssertTrue("\(error)".contains("duet corpus migrate"))
        }
        let migrated = try Corpus.open(at: path, migrate: true, migrator: Migrator(migrations: [first, second]))
        XCTAssertEqual(migrated.appliedOnOpen.map(\.version), [2])
    }

    func testAFailingMigrationLeavesNoTraceOfItself() throws {
        let db = try Database(path: ":memory:")
        try Migrator(migrations: [first]).applyPending(to: db)
        let broken = Migration(fileName: "0002_broken.sql", sql: "CREATE TABLE c(z INTEGER); CREATE TABLE c(z INTEGER);")
        XCTAssertThrowsError(try Migrator(migrations: [first, broken]).applyPending(to: db))
        XCTAssertEqual(try db.scalarInteger("SELECT count(*) FROM schema_migrations"), 1, "the one applied before stays")
        XCTAssertEqual(try db.scalarInteger("SELECT count(*) FROM sqlite_schema WHERE name = 'c'"), 0)
    }

    func testANewDatabaseGetsItsMigrationsInOneTransactionAnExistingOneEachInItsOwn() throws {
        let second = Migration(fileName: "0002_second.sql", sql: "CREATE TABLE d(w INTEGER);")
        let broken = Migration(fileName: "0003_broken.sql", sql: "CREATE TABLE c(z INTEGER); CREATE TABLE c(z INTEGER);")
        // New: one failing migration leaves none applied, so a corpus is never half made.
        let new = try Database(path: ":memory:")
        XCTAssertThrowsError(try Migrator(migrations: [first, second, broken]).applyPending(to: new))
        XCTAssertEqual(try new.scalarInteger("SELECT count(*) FROM schema_migrations"), 0)
        XCTAssertEqual(try new.scalarInteger("SELECT count(*) FROM sqlite_schema WHERE name IN ('d', 'c')"), 0)
        XCTAssertEqual(try Migrator(migrations: [first, second]).applyPending(to: new).map(\.version), [1, 2], "and applies whole afterwards")
        // Control: an existing database keeps each migration that succeeded before the failing one.
        let existing = try Database(path: ":memory:")
        try Migrator(migrations: [first]).applyPending(to: existing)
        XCTAssertThrowsError(try Migrator(migrations: [first, second, broken]).applyPending(to: existing))
        XCTAssertEqual(try existing.rows("SELECT version FROM schema_migrations ORDER BY version").map { $0[0].integer }, [1, 2])
    }

    func testEmbeddedMigrationsEqualTheMigrationFiles() throws {
        let directory = packageRoot.appendingPathComponent("migrations")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        let onDisk = try files.map { Migration(fileName: $0, sql: String(decoding: try bytes(of: directory.appendingPathComponent($0)), as: UTF8.self)) }
        XCTAssertFalse(onDisk.isEmpty)
        XCTAssertEqual(Migration.embedded.map(\.fileName), onDisk.map(\.fileName),
                       "run tools/embed-migrations.sh after adding or editing a migration")
        for (embedded, file) in zip(Migration.embedded, onDisk) {
            XCTAssertEqual(embedded.checksum, file.checksum, "\(file.fileName) differs from its embedded copy: run tools/embed-migrations.sh")
        }
        XCTAssertEqual(Set(Migration.embedded.map(\.version)).count, Migration.embedded.count, "two migrations share a version number")
    }

    func testTheSchemaUsesStrictTables() throws {
        let corpus = try Corpus.inMemory()
        let tables = try corpus.database.rows("SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name IN ('blobs', 'fixtures', 'steps', 'snapshot_kinds')")
        XCTAssertEqual(tables.count, 4)
        for table in tables { XCTAssertTrue(table[1].text?.contains("STRICT") == true, "\(table[0])") }
    }
}

import CSQLite
import Foundation

/// The SQLite corpus: fixtures, content-addressed snapshots, structures and the structural index.
///
/// ```swift
/// let corpus = try Corpus.open(at: "corpus.db")         // creates and migrates a new file
/// try corpus.upsertFixtures([fixture])                    // one transaction
/// let fixtures = try corpus.fixtures(feature: "counter")  // read back
/// let temporary = try Corpus.temporary()                  // a fresh file for tests
/// ```
///
/// An existing file must carry exactly this binary's migrations (see `Migrator`): one with
/// pending migrations opens only with `migrate: true` (what `duet corpus migrate` does).
///
/// Not `Sendable`: a corpus is one connection with its statement cache and transaction depth, used
/// from one thread. Work on another thread opens its own `Corpus` on the same file (WAL lets readers
/// run beside the writer) or is handed values, as the import's parse-ahead threads are.
public final class Corpus {
    /// The connection; SQL stays inside this module.
    let database: Database
    public var path: String { database.path }
    let blobs: BlobStore
    /// Migrations applied while opening (all of them for a new file).
    public let appliedOnOpen: [Migration]
    /// Every page was checked once, before this connection's first write.
    private var checkedBeforeWriting = false
    /// The schema has `corpus_meta`, where the tree's digest is kept (a test's own migrations may not).
    private(set) var keepsTreeDigest = false
    /// The schema keeps `kind_counts` (a test's own migrations may not).
    private(set) var keepsKindCounts = false

    init(database: Database, migrator: Migrator, migrate: Bool) throws {
        self.database = database
        self.blobs = BlobStore(database: database)
        // A 32 MB page cache keeps the blob hash index warm through large imports.
        try database.execute(sql: "PRAGMA cache_size=-32768")
        let isNew = try database.scalarInteger("SELECT count(*) FROM sqlite_schema") == 0
        if isNew { DamageRecord.adopt(database.path) }
        if isNew || migrate {
            if !isNew {
                try Self.refuseRecordedDamage(database.path)
                try WholeFileCheck.verify(database)
                checkedBeforeWriting = true
            }
            appliedOnOpen = try migrator.applyPending(to: database)
        } else {
            appliedOnOpen = []
        }
        try migrator.validate(database)
        let kept = Set(try database.rows("""
            SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN ('corpus_meta', 'kind_counts')
            """).compactMap { $0[0].text })
        keepsTreeDigest = kept.contains("corpus_meta")
        keepsKindCounts = kept.contains("kind_counts")
        // A migration may change what the tree sync compares: the next sync compares every file.
        if keepsTreeDigest && !appliedOnOpen.isEmpty { try database.execute("DELETE FROM corpus_meta WHERE key = 'tree.digest'") }
        try deriveSpinesAfterMigration(appliedOnOpen)
    }

    /// Opens the corpus file at `path`, creating and migrating it when it does not exist (or is
    /// empty). A file that is not a corpus is refused and left as it was (`CorpusFile`).
    /// `pageChecksums: false` bypasses `PageChecksums` (benchmarks measure what they cost).
    public static func open(at path: String, migrate: Bool = false, migrator: Migrator = Migrator(), pageChecksums: Bool = true) throws -> Corpus {
        let kind = try CorpusFile.identify(path)
        // On a read-only file system nobody can change the file, so SQLite may read it as it is, without
        // the -shm it cannot make there; a question is answered, and a write fails as the folder being read-only.
        let immutable = kind == .database && CorpusFile.cannotChange(path)
        let database = try Database(path: path, mode: immutable ? .immutable : .readWrite, pageChecksums: pageChecksums, configured: false)
        if kind == .database { try CorpusFile.confirm(database, migrations: migrator.migrations) }
        try database.configure()
        return try Corpus(database: database, migrator: migrator, migrate: migrate)
    }

    /// A private in-memory corpus (no WAL; for tests and scratch work).
    public static func inMemory(migrator: Migrator = Migrator()) throws -> Corpus {
        try Corpus(database: Database(path: ":memory:"), migrator: migrator, migrate: true)
    }

    /// A new corpus file in a fresh temporary directory.
    public static func temporary(migrator: Migrator = Migrator()) throws -> Corpus {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("duet-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try open(at: directory.appendingPathComponent("corpus.db").path, migrator: migrator)
    }

    /// Writers refuse a file damage was met in (`DamageRecord`), though the pages they touch may be intact.
    private static func refuseRecordedDamage(_ path: String) throws {
        guard let damage = DamageRecord.recorded(for: path) else { return }
        throw DatabaseError(code: SQLITE_CORRUPT, message: "damage was met in it before (\(damage)), so it takes no writes", file: path)
    }

    /// Runs `body` in one write transaction; a throw leaves the corpus as it was. Before the first
    /// write of this connection every page of the file is checked (`WholeFileCheck`): a damaged
    /// file is reported before anything is written into it. A write that may change what the tree
    /// sync indexes (`touchesTree`, the default) drops the tree's digest, so the next sync compares
    /// every file again, and the kept fixture-set hash; stored runs and results pass `false`.
    public func write<T>(touchesTree: Bool = true, _ body: () throws -> T) throws -> T {
        let outermost = !database.isInTransaction
        // Another connection may have changed the blobs since the last write: start from the database.
        if outermost {
            try Self.refuseRecordedDamage(path)
            if !checkedBeforeWriting {
                try WholeFileCheck.verify(database)
                checkedBeforeWriting = true
            }
            blobs.forgetCache()
        }
        do {
            return try database.transaction {
                // The kept fixture-set hash (`keptFixtureSet`) goes with it: such a write may change the fixtures.
                if outermost && touchesTree && keepsTreeDigest {
                    try database.execute("DELETE FROM corpus_meta WHERE key IN ('tree.digest', 'local.fixture_set')")
                }
                return try body()
            }
        } catch {
            blobs.forgetCache()
            throw error
        }
    }
}

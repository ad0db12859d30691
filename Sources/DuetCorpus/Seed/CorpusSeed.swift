import Foundation
import Duet

/// A corpus rebuilt from a seed, and the local rows carried into it from the file it replaced.
public struct SeedLoad {
    public let corpus: Corpus
    /// Table → rows carried (`LocalHistory.tables`).
    public let carried: [String: Int]
}

/// A corpus opened for use, with what the user should be told about it (printed by the CLI on stderr).
public struct OpenedCorpus {
    public let corpus: Corpus
    public let notices: [String]
}

extension Corpus {
    /// Builds a corpus file at `path` from a seed dump, replacing any file there, then applies the
    /// migrations newer than the seed. The file appears whole or not at all.
    ///
    /// ```swift
    /// let corpus = try Corpus.load(seed: "corpus.db.seed", into: "corpus.db")
    /// ```
    public static func load(seed: String, into path: String, migrator: Migrator = Migrator()) throws -> Corpus {
        try rebuild(from: seed, at: path, migrator: migrator).corpus
    }

    /// `load`, keeping what only the replaced file held (`LocalHistory`): its runs, pending
    /// recordings and ledger history are carried over, and it refuses to drop fixtures or
    /// milestones no tree holds. `discardingLocal` drops all of that instead.
    public static func rebuild(from seed: String, at path: String, migrator: Migrator = Migrator(),
                               discardingLocal: Bool = false) throws -> SeedLoad {
        guard let data = FileManager.default.contents(atPath: seed) else {
            throw InputError(file: seed, message: "cannot read the seed", fix: "check the path; `duet corpus dump` writes one")
        }
        // Only a corpus (or nothing) is replaced: anything else at the path is someone's file.
        // Looked at as `Corpus.open` does, unconfigured (it writes nothing): a read-only connection
        // to a WAL database cannot remove the -wal and -shm it makes, so it would leave them beside it.
        if try CorpusFile.identify(path) == .database {
            try CorpusFile.confirm(try Database(path: path, configured: false))
        }
        let authorizer = try SeedAuthorizer(migrator: migrator)
        let staging = path + ".loading"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: staging + suffix) }
        var carried: [String: Int] = [:]
        do {
            let db = try Database(path: staging)
            let budget = SeedBudget()
            try budget.limiting(db, seedBytes: data.count) {
                try SeedScript(bytes: Array(data), file: seed).run(on: db, authorizer: authorizer, budget: budget)
            }
            try SeedScript.requireCorpus(in: db, file: seed)
            try db.execute("INSERT OR REPLACE INTO corpus_meta(key, value) VALUES ('seed.hash', ?)", [.text(ContentHash(of: Array(data)).hex)])
            try db.execute("INSERT OR REPLACE INTO corpus_meta(key, value) VALUES ('seed.file', ?)", [.text(URL(fileURLWithPath: seed).lastPathComponent)])
            if let stamp = Self.seedStamp(seed) {
                try db.execute("INSERT OR REPLACE INTO corpus_meta(key, value) VALUES ('seed.stamp', ?)", [.text(stamp)])
            }
            try migrator.applyPending(to: db)
            // What the corpus keeps beside the index is made here from what was loaded, never taken from the seed.
            try Corpus.rederiveKeptAnswers(in: db)
            try TreeTracking.markSeedFixtures(db)
            if !discardingLocal && FileManager.default.fileExists(atPath: path) {
                carried = try LocalHistory.carry(from: path, into: db, seed: seed)
            }
        } catch {
            // A seed that fails leaves nothing behind: no staging file, and the target untouched.
            for suffix in ["", "-wal", "-shm", "-damage"] { try? FileManager.default.removeItem(atPath: staging + suffix) }
            throw error
        }
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        if rename(staging, path) != 0 {
            throw EnvironmentError("cannot move the loaded corpus into place at \(path) (errno \(errno))", fix: "check the folder's permissions")
        }
        DamageRecord.clear(for: path)
        return SeedLoad(corpus: try open(at: path, migrate: true, migrator: migrator), carried: carried)
    }

    /// The hash of the seed this corpus was built from, if it was.
    public func seedHash() throws -> String? {
        try database.rows("SELECT value FROM corpus_meta WHERE key = 'seed.hash'").first?[0].text
    }

    /// True when the seed at `seed` is the one this corpus was built from: by its size and mtime
    /// when they are as they were at the load, else by its content hash.
    func isBuilt(from seed: String) throws -> Bool {
        let meta = Dictionary(try database.rows("SELECT key, value FROM corpus_meta WHERE key IN ('seed.hash', 'seed.stamp')")
            .map { ($0[0].text ?? "", $0[1].text ?? "") }, uniquingKeysWith: { a, _ in a })
        guard let built = meta["seed.hash"] else { return true }
        if let stamp = meta["seed.stamp"], stamp == Self.seedStamp(seed) { return true }
        guard let data = FileManager.default.contents(atPath: seed) else { return true }
        return ContentHash(of: Array(data)).hex == built
    }

    /// Size and mtime of the seed file: what spares hashing it on every open.
    static func seedStamp(_ seed: String) -> String? {
        var info = stat()
        guard stat(seed, &info) == 0 else { return nil }
        return "\(info.st_size):\(Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))"
    }
}

extension CorpusLocation {
    /// Opens the corpus here; when the file is missing and a seed was found, builds it from the seed
    /// first. Notices say when that happened, or when the corpus was built from an older seed.
    ///
    /// A 0-byte file holds nothing (a `touch`, a copy that failed): it is treated as missing —
    /// built from the seed, or made a new corpus — and a notice says so.
    public func open(migrate: Bool = false, migrator: Migrator = Migrator()) throws -> OpenedCorpus {
        var notices: [String] = []
        let kind = try CorpusFile.identify(path)
        if kind != .database, let seed {
            let corpus = try Corpus.load(seed: seed, into: path, migrator: migrator)
            notices.append(kind == .empty ? "\(path) was empty (0 bytes): built it from the seed \(seed)" : "built \(path) from the seed \(seed)")
            return OpenedCorpus(corpus: corpus, notices: notices)
        }
        if kind == .empty { notices.append("\(path) was empty (0 bytes): made it a new corpus") }
        let corpus = try Corpus.open(at: path, migrate: migrate, migrator: migrator)
        if let seed, try !corpus.isBuilt(from: seed) {
            notices.append("\(path) was built from an older seed than \(seed); rebuild it with `duet corpus load \(seed)`")
        }
        return OpenedCorpus(corpus: corpus, notices: notices)
    }
}

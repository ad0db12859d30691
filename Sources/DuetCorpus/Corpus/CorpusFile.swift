import CSQLite
import Foundation
import Duet

/// What the file at a corpus path is, decided before anything could write it: a file is opened as
/// the corpus only once its header says SQLite and its tables say duet (`corpus_meta`, and
/// `schema_migrations` recording this duet's first migration). Anything else — a text file,
/// another program's database, a folder — is refused (`InputError`, exit 2) and left byte for byte
/// as it was: no WAL switch, no table, no `-damage` note beside it.
///
/// ```swift
/// switch try CorpusFile.identify("corpus.db") {
/// case .missing, .empty: …            // a new corpus is made there
/// case .corpus: …                     // opened and configured as the corpus
/// }
/// ```
///
/// A 0-byte file holds nothing to lose: it is taken as no file at all (a new corpus is made there,
/// and the open says so). A 0-byte file beside a non-empty `-wal` is a corpus that was never
/// checkpointed (killed in its first verb): SQLite recovers it from the WAL.
enum CorpusFile {
    enum Kind: Equatable {
        case missing
        /// 0 bytes, no WAL content.
        case empty
        /// An SQLite header; its tables are checked once it is open (`confirm`).
        case database
    }

    /// True when nothing can change the file at `path`: its file system is mounted read-only and
    /// no WAL content lies beside it (an immutable read would not see the WAL).
    static func cannotChange(_ path: String) -> Bool {
        var facts = statvfs()
        guard statvfs(path, &facts) == 0, facts.f_flag & UInt(ST_RDONLY) != 0 else { return false }
        var wal = stat()
        return stat(path + "-wal", &wal) != 0 || wal.st_size == 0
    }

    static func identify(_ path: String) throws -> Kind {
        guard path != ":memory:" else { return .missing }
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return .missing }
            throw EnvironmentError("cannot look at the corpus file \(path): \(String(cString: strerror(errno)))",
                                   fix: "check the folder's permissions")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw refusal(path, "it is \((info.st_mode & S_IFMT) == S_IFDIR ? "a folder" : "not a regular file")")
        }
        if info.st_size == 0 {
            var wal = stat()
            return stat(path + "-wal", &wal) == 0 && wal.st_size > 0 ? .database : .empty
        }
        guard let header = firstBytes(of: path, count: 100) else {
            throw EnvironmentError("cannot read the corpus file \(path): \(String(cString: strerror(errno)))", fix: "check its permissions")
        }
        guard header.count == 100, header.starts(with: Array("SQLite format 3\u{0}".utf8)) else {
            if isCorpusWithDamagedHeader(path, size: Int(info.st_size)) {
                DamageRecord.adopt(path)
                let message = "page 1 does not hold an SQLite header any more: its bytes changed after duet wrote them"
                DamageRecord.note(message, file: path)
                throw DatabaseError(code: SQLITE_NOTADB, message: message, file: path)
            }
            throw refusal(path, "it is not an SQLite database")
        }
        return .database
    }

    /// A file of whole 16 KB pages whose second page carries a valid `PageChecksums` seal was a
    /// corpus: only its first page was overwritten (no other file ends its second 16 KB that way).
    private static func isCorpusWithDamagedHeader(_ path: String, size: Int) -> Bool {
        let page = Database.pageSize
        guard size >= 2 * page, size % page == 0 else { return false }
        var second = [UInt8](repeating: 0, count: page)
        let read = UnlockingSafeReads.read(path) { descriptor in
            second.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, page, off_t(page)) }
        }
        guard read == page else { return false }
        return PageChecksums.verify(second)
    }

    /// Throws unless the open database's tables are a corpus's: those `migrations` make (duet's own
    /// by default; `corpus_meta` is required only of a schema whose migrations create it). Runs on a
    /// connection that has not been configured (`Database(configured: false)`), so nothing is
    /// written while it looks.
    static func confirm(_ db: Database, migrations: [Migration] = Migration.embedded) throws {
        guard let first = migrations.first else { return }
        let needsMeta = migrations.contains { $0.sql.contains("corpus_meta") }
        let found: [Row]
        do {
            found = try db.rows("""
                SELECT (SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'corpus_meta'),
                       (SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations')
                """)
        } catch let error as DatabaseError where error.isDamage {
            // A header declaring duet's page checksums is duet's: its damage is a damaged corpus, not a foreign file.
            if db.carriesPageChecksums { throw error }
            throw refusal(db.path, "SQLite cannot read it as a database (\(error.message))")
        }
        guard let row = found.first, row[0].integer == 1 || !needsMeta, row[1].integer == 1 else {
            throw refusal(db.path, "it is an SQLite database without duet's tables (corpus_meta, schema_migrations)")
        }
        let recorded = try db.rows("SELECT file_name, checksum FROM schema_migrations WHERE version = ?", [.integer(Int64(first.version))])
        guard let migration = recorded.first, migration[0].text == first.fileName, migration[1].text == first.checksum else {
            throw refusal(db.path, "its schema_migrations do not start with duet's \(first.fileName)")
        }
        DamageRecord.adopt(db.path)
    }

    private static func refusal(_ path: String, _ what: String) -> InputError {
        InputError(file: path, message: "not a duet corpus: \(what); duet left it as it was",
                   fix: "pick the corpus with --corpus PATH or DUET_CORPUS (a new one is made where no file is)")
    }

    private static func firstBytes(of path: String, count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = UnlockingSafeReads.read(path) { descriptor in
            buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, count, 0) }
        }
        guard let read, read >= 0 else { return nil }
        return Array(buffer.prefix(read))
    }
}

import Foundation
import Duet

/// A damaged corpus rebuilt from its tree instead of stopping every verb: the corpus is an index of
/// the files of record, so the damaged file is moved aside (`corpus.db.damaged`, kept for a look),
/// a new corpus is built where it was (from the seed when there is one), the local history the
/// damaged file still gives up is carried over table by table, and the caller's sync then indexes
/// the tree.
///
/// ```swift
/// let rebuilt = try CorpusRecovery.rebuild(location, damage: error)
/// rebuilt.notices    // ["the corpus … was damaged (page 12 …): rebuilt it; kept 4 runs; the damaged file is …"]
/// ```
public enum CorpusRecovery {
    public static func rebuild(_ location: CorpusLocation, damage: DatabaseError, migrator: Migrator = Migrator()) throws -> OpenedCorpus {
        let path = location.path
        // Only damage the file itself shows is rebuilt: an error met while another process writes
        // the corpus (a page read mid-write) must not move aside a file that writer has open.
        guard try damageIsInTheFile(path) else { throw damage }
        let aside = path + ".damaged"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: aside + suffix) }
        // The WAL goes with its file: what it holds may be the readable part of the history.
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            guard rename(path + suffix, aside + suffix) == 0 else {
                throw FileProblem.error("cannot move the damaged corpus aside to", aside + suffix, errno: errno)
            }
        }
        DamageRecord.clear(for: path)
        let corpus = try location.seed.map { try Corpus.load(seed: $0, into: path, migrator: migrator) }
            ?? Corpus.open(at: path, migrator: migrator)
        let (carried, lost) = try corpus.carryReadableHistory(from: aside)
        var notice = "the corpus \(path) was damaged (\(damage.message)): rebuilt it from the tree"
            + (location.seed.map { " and the seed \($0)" } ?? "")
        if !carried.isEmpty { notice += "; kept " + carried.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ") }
        if !lost.isEmpty { notice += "; could not read \(lost.sorted().joined(separator: ", ")) (lost)" }
        notice += "; the damaged file is kept as \(aside) (delete it once you no longer need it)"
        return OpenedCorpus(corpus: corpus, notices: [notice])
    }
}

extension CorpusRecovery {
    /// A page fails its checksum when read again, or page 1 no longer holds an SQLite header.
    static func damageIsInTheFile(_ path: String) throws -> Bool {
        if try WholeFileCheck.firstDamagedPage(path) != nil { return true }
        var bytes = [UInt8](repeating: 0, count: 16)
        let read = UnlockingSafeReads.read(path) { descriptor in
            bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, 16, 0) }
        }
        guard let read else { return false }
        return read > 0 && Array(bytes.prefix(read)) != Array("SQLite format 3\u{0}".utf8)
    }
}

extension Corpus {
    /// Copies the local tables (`LocalHistory.tables`) of the file at `damaged` into this corpus,
    /// each in its own savepoint: a table that cannot be read whole is left out and named.
    func carryReadableHistory(from damaged: String) throws -> (carried: [String: Int], lost: [String]) {
        var carried: [String: Int] = [:], lost: [String] = []
        do {
            try database.execute("ATTACH DATABASE ? AS damaged", [.text(damaged)])
        } catch {
            return ([:], LocalHistory.tables)
        }
        defer { try? database.execute(sql: "DETACH DATABASE damaged") }
        try database.withoutForeignKeyEnforcement {
            for table in LocalHistory.tables {
                do {
                    let oldColumns = try database.rows("SELECT name FROM pragma_table_info(?, 'damaged') ORDER BY cid", [.text(table)]).compactMap { $0[0].text }
                    guard !oldColumns.isEmpty else { continue }
                    let newColumns = Set(try database.rows("SELECT name FROM pragma_table_info(?, 'main')", [.text(table)]).compactMap { $0[0].text })
                    let columns = oldColumns.filter(newColumns.contains).map { "\"\($0)\"" }.joined(separator: ", ")
                    let count = try write(touchesTree: table == "pending_recordings") { () -> Int in
                        try database.execute(sql: "INSERT OR IGNORE INTO main.\"\(table)\"(\(columns)) SELECT \(columns) FROM damaged.\"\(table)\"")
                        return database.changes
                    }
                    if count > 0 { carried[table] = count }
                } catch {
                    lost.append(table)
                }
            }
        }
        return (carried, lost)
    }
}

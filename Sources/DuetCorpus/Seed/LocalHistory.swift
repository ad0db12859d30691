import Foundation
import Duet

/// What only a corpus file holds and no seed or tree gives back: run history and the ledger's
/// recorded history — and the pending recordings' index (their files are in `parity/.pending`; a
/// corpus from before they were files holds them only here, and the next sync writes them out).
/// `corpus load` carries it into the rebuilt file.
///
/// ```swift
/// let load = try Corpus.rebuild(from: "corpus.db.seed", at: "corpus.db")
/// load.carried    // ["runs": 12, "run_results": 2076, "pending_recordings": 1]
/// ```
public enum LocalHistory {
    /// Tables carried row for row, parents before children.
    public static let tables = ["runs", "run_results", "drill_runs", "drill_findings", "pending_recordings", "ledger_entries",
                                "fixture_passes", "runner_builds", "check_results",
                                "explore_runs", "explore_coverage", "explore_findings", "explore_answers"]

    /// Copies the local tables of the corpus at `oldPath` into `staging` (already migrated).
    /// Refuses — naming what would be lost — when the old file cannot be read, when it holds
    /// fixtures or milestones that no tree tracks, or when the seed brings rows of its own for a
    /// table the old file also has rows in.
    static func carry(from oldPath: String, into staging: Database, seed: String) throws -> [String: Int] {
        let old: Database
        do {
            old = try Database(path: oldPath, mode: .readOnly)
            _ = try old.scalarInteger("SELECT count(*) FROM sqlite_schema")
        } catch {
            throw refusal("the corpus at \(oldPath) cannot be read (\(error)), so its run history would be lost", seed: seed)
        }
        let oldTables = Set(try old.rows("SELECT name FROM sqlite_schema WHERE type = 'table'").compactMap { $0[0].text })
        var unsaved: [String] = []
        if oldTables.contains("fixtures") {
            let untracked = oldTables.contains("tree_files")
                ? "SELECT name FROM fixtures WHERE name NOT IN (SELECT name FROM tree_files WHERE kind = 'fixture') ORDER BY name"
                : "SELECT name FROM fixtures ORDER BY name"
            let names = try old.rows(untracked).compactMap { $0[0].text }
            let inSeed = Set(try staging.rows("SELECT name FROM fixtures").compactMap { $0[0].text })
            unsaved += names.filter { !inSeed.contains($0) }.map { "fixture \($0)" }
        }
        if oldTables.contains("milestones") {
            let untracked = oldTables.contains("tree_files")
                ? "SELECT name FROM milestones WHERE name NOT IN (SELECT name FROM tree_files WHERE kind = 'milestone') ORDER BY name"
                : "SELECT name FROM milestones ORDER BY name"
            unsaved += try old.rows(untracked).compactMap { $0[0].text }.map { "milestone \($0)" }
        }
        if !unsaved.isEmpty {
            throw refusal("only \(oldPath) holds \(unsaved.prefix(5).joined(separator: ", "))\(unsaved.count > 5 ? " and \(unsaved.count - 5) more" : "")",
                          seed: seed, fix: "run any duet verb inside the repository first (it writes them to parity/), or `duet export DIR`; or pass --discard-local")
        }
        var carried: [String: Int] = [:]
        try staging.execute("ATTACH DATABASE ? AS old", [.text(oldPath)])
        defer { try? staging.execute(sql: "DETACH DATABASE old") }
        for table in tables where oldTables.contains(table) {
            let rows = Int(try old.scalarInteger("SELECT count(*) FROM \"\(table)\"") ?? 0)
            guard rows > 0 else { continue }
            if (try staging.scalarInteger("SELECT count(*) FROM main.\"\(table)\"") ?? 0) > 0 {
                throw refusal("both the seed and \(oldPath) hold \(table) rows", seed: seed)
            }
            let newColumns = Set(try staging.rows("SELECT name FROM pragma_table_info(?)", [.text(table)]).compactMap { $0[0].text })
            let columns = try old.rows("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)])
                .compactMap { $0[0].text }.filter(newColumns.contains).map { "\"\($0)\"" }.joined(separator: ", ")
            try staging.execute(sql: "INSERT INTO main.\"\(table)\"(\(columns)) SELECT \(columns) FROM old.\"\(table)\"")
            carried[table] = rows
        }
        return carried
    }

    private static func refusal(_ what: String, seed: String,
                                fix: String = "move the file aside first, or pass --discard-local to drop its run history and pending recordings") -> InputError {
        InputError(file: seed, message: "not loaded: \(what)", fix: fix)
    }
}

import CSQLite
import Foundation

/// How much a seed may build while it loads, so a short seed cannot make a huge corpus: a
/// `duet corpus dump` is its rows written out as literals, so a load builds about the seed's own
/// size. Three bounds, each enforced by SQLite as the statements run:
///
/// - one value: at most `valueBytes` (`SQLITE_LIMIT_LENGTH`; SQLite refuses to build a longer
///   string or blob — `printf('%.*c', 900000000, 'x')` fails before allocating);
/// - the whole load: at most `loadBytes(seedBytes:)` of database pages, four times the seed plus
///   16 MiB (`PRAGMA max_page_count`);
/// - one statement: at most `statementSteps` virtual-machine steps (a progress handler), which a
///   dump's `INSERT … VALUES` (a few hundred) never comes near, while a join over the corpus's own
///   tables would.
///
/// ```swift
/// let budget = SeedBudget()
/// try budget.limiting(db, seedBytes: text.count) { try script.run(on: db, authorizer: authorizer) }
/// budget.exceeded    // .statementSteps after a statement that ran too long
/// ```
final class SeedBudget {
    enum Limit: Equatable { case value, load, statementSteps }

    /// The largest value: the largest line a runner may write (64 MB), so every state a runner can
    /// report can be seeded.
    static let valueBytes = 64 << 20
    static let statementSteps = 5_000_000
    /// Between progress checks; the check itself is a counter.
    static let stepsPerCheck: Int32 = 10_000

    /// The load's page budget in bytes: four times the seed's size (a corpus file holds its rows
    /// once, more compactly than their literals, and its indexes beside them), plus 16 MiB for the
    /// schema and pages of a small seed. A value as large as `valueBytes` comes in a seed at least
    /// twice its size (a blob's literal is hex), so every dump fits.
    static func loadBytes(seedBytes: Int) -> Int { (16 << 20) + 4 * seedBytes }

    private var steps = 0
    private(set) var stoppedBySteps = false

    /// Runs `body` with the three bounds on `db`.
    func limiting<T>(_ db: Database, seedBytes: Int, _ body: () throws -> T) throws -> T {
        sqlite3_limit(db.handle, SQLITE_LIMIT_LENGTH, Int32(Self.valueBytes))
        try db.execute(sql: "PRAGMA max_page_count=\(Self.loadBytes(seedBytes: seedBytes) / Database.pageSize)")
        sqlite3_progress_handler(db.handle, Self.stepsPerCheck, { context in
            let budget = Unmanaged<SeedBudget>.fromOpaque(context!).takeUnretainedValue()
            budget.steps += Int(SeedBudget.stepsPerCheck)
            if budget.steps > SeedBudget.statementSteps { budget.stoppedBySteps = true }
            return budget.stoppedBySteps ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
        defer {
            // What follows the seed (migrations, carrying the old file's history) is duet's own work.
            sqlite3_progress_handler(db.handle, 0, nil, nil)
            sqlite3_limit(db.handle, SQLITE_LIMIT_LENGTH, Int32.max)
            try? db.execute(sql: "PRAGMA max_page_count=2147483646")
        }
        return try withExtendedLifetime(self) { try body() }
    }

    /// Called before each statement: the step budget is per statement.
    func startStatement() { steps = 0 }

    /// Which bound a failed statement met, if any: `error` is what SQLite reported, `db` the connection.
    func exceeded(by error: DatabaseError, on db: Database) -> Limit? {
        switch error.code & 0xff {
        case SQLITE_TOOBIG: return .value
        case SQLITE_INTERRUPT where stoppedBySteps: return .statementSteps
        case SQLITE_FULL:
            // SQLite says the same for max_page_count and for a full disk; only the disk leaves a
            // system error or a file system without room (the failed statement's pages are rolled back).
            let system = sqlite3_system_errno(db.handle)
            return system == ENOSPC || system == EDQUOT || FileProblem.diagnose(db.path) == ENOSPC ? nil : .load
        default: return nil
        }
    }

    /// The refusal's words, for the seed's error at the statement's line.
    func refusal(_ limit: Limit, seedBytes: Int) -> String {
        switch limit {
        case .value:
            return "a value would be longer than \(Self.valueBytes >> 20) MiB, the most one value of a corpus may hold"
        case .load:
            return "its statements would build a corpus of more than \(Self.loadBytes(seedBytes: seedBytes) >> 20) MiB "
                + "(four times the seed's \(seedBytes) bytes, plus 16 MiB); a dump loads into about its own size"
        case .statementSteps:
            return "a statement ran more than \(Self.statementSteps) steps; a dump's statements take a few hundred"
        }
    }
}

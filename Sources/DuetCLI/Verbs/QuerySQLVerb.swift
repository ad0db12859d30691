import Duet
import DuetCorpus

/// `duet query sql "SELECT …" [--timeout SECONDS] [--max-rows N] [--max-bytes N] [--format F]`
struct QuerySQLVerb: Verb {
    static let name = "query sql"
    static let summary = "Run one read-only SELECT over the corpus views on a read-only connection."
    static let discussion = """
    Views: census, census_fields, kind_coverage, fixtures_by_kind, verbs, transitions, fixture_snapshots,
    island_statistics, ledger, l0_fields, latest_results. Writes, ATTACH, PRAGMA and more than one
    statement are refused (exit 2); a trailing ';' or comment is fine. A statement that runs past
    --timeout, or a result past --max-rows or --max-bytes, is stopped and nothing is printed (exit 2).
    Example: duet query sql "SELECT kind FROM kind_coverage WHERE fixtures = 0" --format json
    """
    static let options: [OptionSpec] = [
        .positional("SQL", help: "One SELECT statement.", optional: false),
        .value("--timeout", placeholder: "SECONDS", help: "Stop the statement after this long (default 30)."),
        .value("--max-rows", placeholder: "N", help: "Refuse a result of more than N rows (default 100000)."),
        .value("--max-bytes", placeholder: "N", help: "Refuse a result holding more than N bytes (default 67108864)."),
        .format,
    ]

    let sql: String
    let limits: ReadOnlyQueryLimits
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        sql = try arguments.positional(0, named: "SQL")
        let defaults = ReadOnlyQueryLimits.default
        limits = ReadOnlyQueryLimits(timeout: try ReplayOptions.seconds(arguments, "--timeout", default: defaults.timeout),
                                     maximumRows: try Self.count(arguments, "--max-rows", default: defaults.maximumRows),
                                     maximumBytes: try Self.count(arguments, "--max-bytes", default: defaults.maximumBytes))
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let result: SQLResult
        do {
            result = try context.corpus(for: .reading).readOnlyQuery(sql, limits: limits)
        } catch let refusal as ReadOnlySQLRefusal {
            throw InputError(file: "the statement", message: refusal.description)
        } catch let stop as ReadOnlyQueryLimitReached {
            throw InputError(file: "the statement", message: stop.description)
        } catch let error as DatabaseError where !error.isEnvironment && !error.isDamage {
            throw InputError(file: "the statement", message: error.message, fix: "check the statement against `duet query sql --help`")
        }
        let table = Table(columns: result.columns, rows: result.rows.map { $0.map(QuerySQLVerb.cell) })
        context.render(Report(table), as: format)
        return .holds
    }

    private static func count(_ arguments: ParsedArguments, _ name: String, default fallback: Int) throws(UsageError) -> Int {
        guard let raw = arguments.value(name) else { return fallback }
        guard let value = Int(raw), value > 0 else { throw UsageError("\(name) takes a positive whole number, not '\(raw)'") }
        return value
    }

    static func cell(_ value: SQLValue) -> Table.Cell {
        switch value {
        case .null: return .none
        case .integer(let v): return .int(Int(v))
        case .real(let v): return .text(String(v))
        case .text(let v): return .text(v)
        case .blob(let bytes):
            // Corpus blobs are canonical JSON: show them as text when they are.
            if let text = String(validating: bytes, as: UTF8.self) { return .text(text) }
            return .text("x'" + bytes.map { String($0, radix: 16).leftPadded(2) }.joined() + "'")
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}

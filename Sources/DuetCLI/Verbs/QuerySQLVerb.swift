import Duet
import DuetCorpus

/// `duet query sql "SELECT …" [--format F]`
struct QuerySQLVerb: Verb {
    static let name = "query sql"
    static let summary = "Run one read-only SELECT over the corpus views on a read-only connection."
    static let discussion = """
    Views: census, census_fields, kind_coverage, fixtures_by_kind, verbs, transitions, fixture_snapshots,
    island_statistics, ledger, l0_fields, latest_results. Writes, ATTACH, PRAGMA and more than one
    statement are refused (exit 2).
    """
    static let options: [OptionSpec] = [.positional("SQL", help: "One SELECT statement.", optional: false), .format]

    let sql: String
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        sql = try arguments.positional(0, named: "SQL")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let result: SQLResult
        do {
            result = try context.corpus().readOnlyQuery(sql)
        } catch let refusal as ReadOnlySQLRefusal {
            throw InputError(file: "query sql", message: refusal.description)
        } catch let error as DatabaseError where !error.isBusy {
            throw InputError(file: "query sql", message: error.message, fix: "check the statement against `duet query sql --help`")
        }
        let table = Table(columns: result.columns, rows: result.rows.map { $0.map(QuerySQLVerb.cell) })
        context.render(Report(table), as: format)
        return .holds
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

import CSQLite

/// Inserts rows into one table many per statement: each row is bound straight into one
/// multi-row statement, which runs when it is full and on `flush()`. SQLite then opens the
/// table's cursors and runs the statement's set-up once per batch instead of once per row.
///
/// ```swift
/// let batch = try BatchedInsert(database: db, into: "notes(id, text)", columns: 2)
/// for (id, text) in notes {
///     try batch.addRow { row in try row.bind(id, at: 1); try row.bind(text, at: 2) }
/// }
/// try batch.flush()   // rows are only written once flushed
/// ```
///
/// The statement is `INSERT … SELECT column2, … FROM (VALUES (1, …), …) WHERE column1 IS NOT NULL`:
/// each row carries a marker the batch binds itself, and a flush of a partial batch binds NULL to
/// the marker of the rows it does not use.
final class BatchedInsert {
    let columns: Int
    let rowsPerStatement: Int
    private let statement: Statement
    private(set) var pendingRows = 0

    /// `target`: the table and its column list, e.g. `steps(fixture_id, idx)`; `verb`: `INSERT` or `INSERT OR IGNORE`.
    init(database: Database, verb: String = "INSERT", into target: String, columns: Int, rowsPerStatement: Int = 64) throws {
        precondition(columns > 0 && rowsPerStatement > 0 && (columns + 1) * rowsPerStatement <= 32_766, "too many parameters for one statement")
        self.columns = columns
        self.rowsPerStatement = rowsPerStatement
        let row = "(" + Array(repeating: "?", count: columns + 1).joined(separator: ", ") + ")"
        let values = Array(repeating: row, count: rowsPerStatement).joined(separator: ", ")
        let selected = (2...(columns + 1)).map { "column\($0)" }.joined(separator: ", ")
        statement = try database.prepare("\(verb) INTO \(target) SELECT \(selected) FROM (VALUES \(values)) WHERE column1 IS NOT NULL")
    }

    /// The columns of one row, bound by 1-based column number.
    struct Row {
        fileprivate let statement: Statement
        fileprivate let offset: Int32

        func bind(_ value: Int64, at column: Int32) throws { try statement.bind(value, at: offset + column) }
        func bind(_ value: Int, at column: Int32) throws { try statement.bind(Int64(value), at: offset + column) }
        func bind(_ value: Int64?, at column: Int32) throws {
            if let value { try statement.bind(value, at: offset + column) } else { try statement.bindNull(at: offset + column) }
        }
        func bind(_ value: String?, at column: Int32) throws { try statement.bind(value, at: offset + column) }
        func bind(_ bytes: [UInt8], at column: Int32) throws { try statement.bind(bytes, at: offset + column) }
    }

    /// Binds the next row with `body`, which must bind every column (a column left out keeps an
    /// earlier row's value); runs the statement once it holds `rowsPerStatement` rows.
    @inline(__always)
    func addRow(_ body: (Row) throws -> Void) throws {
        let marker = Int32(pendingRows * (columns + 1) + 1)
        try statement.bind(Int64(1), at: marker)
        try body(Row(statement: statement, offset: marker))
        pendingRows += 1
        if pendingRows == rowsPerStatement { try run() }
    }

    /// Writes the rows bound so far.
    func flush() throws {
        guard pendingRows > 0 else { return }
        for unused in pendingRows..<rowsPerStatement { try statement.bindNull(at: Int32(unused * (columns + 1) + 1)) }
        try run()
    }

    private func run() throws {
        pendingRows = 0
        try statement.run()
    }
}

import Foundation

extension Corpus {
    /// The baseline `corpus-bench` measures the import against: every row of the corpus tables
    /// copied into `target` (a fresh corpus, same schema) by the plainest insert loop. Rows are
    /// read in chunks outside the clock; only the inserts are timed, under the import's conditions
    /// (one transaction, prepared statements, foreign keys off). `rowsPerStatement` 1 is the bare
    /// loop; more (`INSERT … VALUES (…), (…), …`) is the fastest insert loop we know for these rows.
    ///
    /// ```swift
    /// let seconds = try imported.bareInsertSeconds(into: try Corpus.open(at: "bare.db"))
    /// let bareRate = Double(try imported.stats().steps) / seconds
    /// ```
    public func bareInsertSeconds(into target: Corpus, rowsPerStatement: Int = 1) throws -> Double {
        precondition(rowsPerStatement >= 1, "at least one row per statement")
        func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
        let source = database, sink = target.database
        let tables = ["blobs", "fixtures", "steps", "snapshot_fields", "snapshot_kinds", "island_summaries", "snapshot_spines", "step_transitions"]
        var seconds = 0.0
        try sink.execute(sql: "PRAGMA foreign_keys=OFF")
        defer { try? sink.execute(sql: "PRAGMA foreign_keys=ON") }
        var start = now()
        try sink.execute(sql: "BEGIN IMMEDIATE")
        seconds += now() - start
        for table in tables {
            let columns = try source.rows("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)]).compactMap { $0[0].text }
            func insert(rows: Int) throws -> Statement {
                let row = "(" + columns.map { _ in "?" }.joined(separator: ", ") + ")"
                return try sink.prepare("INSERT INTO \(table)(\(columns.joined(separator: ", "))) VALUES \(Array(repeating: row, count: rows).joined(separator: ", "))")
            }
            let single = try insert(rows: 1)
            let batched = try insert(rows: rowsPerStatement)
            let select = try source.prepare("SELECT \(columns.joined(separator: ", ")) FROM \(table)")
            try select.bind([])
            var chunk: [[SQLValue]] = []
            func flush() throws {
                start = now()
                var next = 0
                while chunk.count - next >= rowsPerStatement {
                    batched.reset()
                    for (offset, row) in chunk[next..<(next + rowsPerStatement)].enumerated() {
                        for (index, value) in row.enumerated() { try batched.bind(value, at: Int32(offset * columns.count + index + 1)) }
                    }
                    while try batched.step() {}
                    next += rowsPerStatement
                }
                for row in chunk[next...] {
                    single.reset()
                    for (index, value) in row.enumerated() { try single.bind(value, at: Int32(index + 1)) }
                    while try single.step() {}
                }
                seconds += now() - start
                chunk.removeAll(keepingCapacity: true)
            }
            while try select.step() {
                chunk.append((0..<Int32(columns.count)).map { select.value(at: $0) })
                if chunk.count == 20_480 { try flush() }
            }
            try flush()
            select.reset()
        }
        start = now()
        try sink.execute(sql: "COMMIT")
        return seconds + (now() - start)
    }
}

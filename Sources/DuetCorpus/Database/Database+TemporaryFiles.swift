extension Database {
    /// Runs `body` with SQLite's temporary files in memory, then restores the default, also when
    /// `body` throws. A statement that writes many rows keeps a statement journal (to undo itself
    /// on failure); on disk that is a temporary file written page by page, in memory a copy.
    /// Inside an open transaction the setting cannot change, so `body` runs with it as it is.
    ///
    /// ```swift
    /// try db.withTemporaryFilesInMemory { try db.transaction { … } }
    /// ```
    func withTemporaryFilesInMemory<T>(_ body: () throws -> T) throws -> T {
        guard !isInTransaction else { return try body() }
        try execute(sql: "PRAGMA temp_store=MEMORY")
        defer { try? execute(sql: "PRAGMA temp_store=DEFAULT") }
        return try body()
    }
}

extension Database {
    /// Runs `body` with SQLite's temporary files in memory, then restores the default, also when
    /// `body` throws. A statement that writes many rows keeps a statement journal (to undo itself
    /// on failure); on disk that is a temporary file written page by page, in memory a copy.
    ///
    /// ```swift
    /// try db.withTemporaryFilesInMemory { try db.transaction { … } }
    /// ```
    public func withTemporaryFilesInMemory<T>(_ body: () throws -> T) throws -> T {
        try execute(sql: "PRAGMA temp_store=MEMORY")
        defer { try? execute(sql: "PRAGMA temp_store=DEFAULT") }
        return try body()
    }
}

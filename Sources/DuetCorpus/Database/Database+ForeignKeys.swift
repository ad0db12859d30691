extension Database {
    /// Runs `body` without foreign-key enforcement (bulk writes that keep references right
    /// themselves), then turns it back on, also when `body` throws. Inside an open transaction
    /// the setting cannot change (SQLite ignores the pragma there), so `body` runs with it as it is.
    ///
    /// ```swift
    /// try db.withoutForeignKeyEnforcement { try db.transaction { … } }
    /// ```
    func withoutForeignKeyEnforcement<T>(_ body: () throws -> T) throws -> T {
        guard !isInTransaction, try scalarInteger("PRAGMA foreign_keys") == 1 else { return try body() }
        try execute(sql: "PRAGMA foreign_keys=OFF")
        let result: T
        do {
            result = try body()
        } catch {
            try? execute(sql: "PRAGMA foreign_keys=ON")
            throw error
        }
        try execute(sql: "PRAGMA foreign_keys=ON")
        return result
    }
}

extension Corpus {
    /// Runs `body` reading the file without mapping it into memory. For one pass over the whole
    /// corpus (the restore drill, verify, the lint): a map gains nothing there and grows the
    /// process's resident pages by the size of the file. Nested calls restore what they found.
    ///
    /// ```swift
    /// let run = try corpus.withUnmappedReads { try drill.run(…) }
    /// ```
    public func withUnmappedReads<T>(_ body: () throws -> T) throws -> T {
        let before = try database.scalarInteger("PRAGMA mmap_size") ?? Int64(Database.mmapBytes)
        try database.execute(sql: "PRAGMA mmap_size=0")
        defer { try? database.execute(sql: "PRAGMA mmap_size=\(before)") }
        return try body()
    }
}

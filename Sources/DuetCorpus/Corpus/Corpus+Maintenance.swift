/// What benchmarks and health checks ask of the file itself, without SQL leaving this module.
///
/// ```swift
/// try corpus.checkpoint()                  // the WAL folded into the file: its size is the corpus's
/// corpus.carriesPageChecksums              // false for a file made before checksums
/// corpus.internedBlobs.reused              // blobs found already stored since the corpus was opened
/// ```
extension Corpus {
    /// Page size of new corpus files.
    public static var pageSize: Int { Database.pageSize }

    /// True when this file carries page checksums (made by a `duet` that writes them).
    public var carriesPageChecksums: Bool { database.carriesPageChecksums }

    /// Blobs this connection stored, blobs it found already stored (content addressing at work), and
    /// of those how many it confirmed by reading the stored bytes back.
    public var internedBlobs: (inserted: Int, reused: Int, confirmedFromDatabase: Int) {
        (blobs.inserted, blobs.reused, blobs.confirmedFromDatabase)
    }

    /// Folds the write-ahead log into the database file and truncates it.
    public func checkpoint() throws { try database.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }

    /// Refreshes the statistics SQLite's planner uses (after a large import).
    public func analyze() throws { try database.execute(sql: "ANALYZE") }

    /// SQLite's own check of every page and index; empty when the file is sound.
    public func integrityProblems() throws -> [String] {
        try database.rows("PRAGMA integrity_check").compactMap { $0[0].text }.filter { $0 != "ok" }
    }
}

/// Counts and sizes of a corpus (`duet corpus stats`).
public struct CorpusStats: Sendable, Codable, Equatable {
    public var fixtures = 0
    public var chainFixtures = 0
    public var features = 0
    public var steps = 0
    public var scenarios = 0
    public var structures = 0
    public var blobs = 0
    /// Bytes of canonical JSON stored (each distinct blob once).
    public var blobBytes = 0
    /// Bytes of canonical JSON the fixtures refer to (each reference counted).
    public var referencedBytes = 0
    /// Bytes of the distinct blobs the fixtures refer to (the rest are the derived index's: spines, island summaries).
    public var fixtureBlobBytes = 0
    public var blobReferences = 0
    public var indexedSnapshots = 0
    public var transitions = 0
    /// The database file size (pages × page size).
    public var fileBytes = 0

    /// How many times more canonical bytes the fixtures hold than the corpus stores for them.
    public var dedupRatio: Double { fixtureBlobBytes == 0 ? 1 : Double(referencedBytes) / Double(fixtureBlobBytes) }
}

extension Corpus {
    /// ```swift
    /// let stats = try corpus.stats()
    /// print(stats.steps, stats.dedupRatio)
    /// ```
    public func stats() throws -> CorpusStats {
        func count(_ sql: String) throws -> Int { Int(try database.scalarInteger(sql) ?? 0) }
        var stats = CorpusStats()
        stats.fixtures = try count("SELECT count(*) FROM fixtures")
        stats.chainFixtures = try count("SELECT count(*) FROM fixtures WHERE shape = 'chain'")
        stats.features = try count("SELECT count(DISTINCT feature) FROM fixtures WHERE feature IS NOT NULL")
        stats.steps = try count("SELECT count(*) FROM steps")
        stats.scenarios = try count("SELECT count(*) FROM scenarios")
        stats.structures = try count("SELECT count(*) FROM feature_structures")
        stats.blobs = try count("SELECT count(*) FROM blobs")
        stats.blobBytes = try count("SELECT coalesce(sum(length(bytes)), 0) FROM blobs")
        let references = """
            SELECT action_blob AS id FROM steps UNION ALL SELECT state_blob FROM steps WHERE state_blob IS NOT NULL
            UNION ALL SELECT effects_blob FROM steps UNION ALL SELECT extras_blob FROM steps WHERE extras_blob IS NOT NULL
            UNION ALL SELECT initial_blob FROM fixtures WHERE initial_blob IS NOT NULL
            UNION ALL SELECT extras_blob FROM fixtures WHERE extras_blob IS NOT NULL
            UNION ALL SELECT scenario_extras_blob FROM fixtures WHERE scenario_extras_blob IS NOT NULL
            UNION ALL SELECT definition_blob FROM scenarios
            """
        let row = try database.rows("SELECT count(*), coalesce(sum(length(b.bytes)), 0) FROM (\(references)) r JOIN blobs b ON b.id = r.id").first
        stats.blobReferences = Int(row?[0].integer ?? 0)
        stats.referencedBytes = Int(row?[1].integer ?? 0)
        stats.fixtureBlobBytes = try count("SELECT coalesce(sum(length(bytes)), 0) FROM blobs WHERE id IN (\(references))")
        stats.indexedSnapshots = try count("SELECT count(*) FROM (SELECT DISTINCT feature, snapshot FROM snapshot_fields)")
        stats.transitions = try count("SELECT count(*) FROM step_transitions")
        stats.fileBytes = try count("SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()")
        return stats
    }
}

extension Corpus {
    /// Drops index rows of snapshots no fixture holds any more, and blobs nothing refers to.
    /// Runs inside the write that replaced or deleted fixtures, so the corpus stays re-derivable.
    func collectGarbage() throws {
        let schema = try GarbageSchema(database)
        try database.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS live_snapshots(feature TEXT NOT NULL, snapshot INTEGER NOT NULL, PRIMARY KEY (feature, snapshot)) WITHOUT ROWID;
            DELETE FROM temp.live_snapshots;
            INSERT OR IGNORE INTO temp.live_snapshots
                SELECT f.feature, s.snapshot FROM fixture_snapshots s JOIN fixtures f ON f.id = s.fixture_id WHERE f.feature IS NOT NULL;
            """)
        for table in schema.snapshotTables {
            try database.execute(sql: "DELETE FROM \"\(table)\" WHERE (feature, snapshot) NOT IN (SELECT feature, snapshot FROM temp.live_snapshots)")
        }
        try database.execute(sql: "DELETE FROM temp.live_snapshots")
        guard !schema.blobReferences.isEmpty else { return }
        let references = schema.blobReferences.map { "SELECT \"\($0.column)\" FROM \"\($0.table)\" WHERE \"\($0.column)\" IS NOT NULL" }
        try database.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS live_blobs(id INTEGER PRIMARY KEY);
            DELETE FROM temp.live_blobs;
            INSERT OR IGNORE INTO temp.live_blobs \(references.joined(separator: " UNION ALL "));
            DELETE FROM blobs WHERE id NOT IN (SELECT id FROM temp.live_blobs);
            DELETE FROM temp.live_blobs;
            DELETE FROM corpus_meta WHERE key = 'local.deferred_garbage';
            """)
        blobs.forgetCache()
    }
}

/// What a replacement or deletion may have orphaned: the blobs the old rows referred to and the
/// snapshots (per feature) they held. Collected before the rows go, swept after.
struct GarbageCandidates {
    var blobs: Set<Int64> = []
    var snapshots: Set<FeatureSnapshot> = []
    var isEmpty: Bool { blobs.isEmpty && snapshots.isEmpty }

    struct FeatureSnapshot: Hashable { var feature: String; var snapshot: Int64 }

    mutating func formUnion(_ other: GarbageCandidates) {
        blobs.formUnion(other.blobs)
        snapshots.formUnion(other.snapshots)
    }
}

extension Corpus {
    /// The blobs and snapshots fixture `id` refers to (read before it is replaced or deleted).
    func garbageCandidates(ofFixture id: Int64) throws -> GarbageCandidates {
        var candidates = GarbageCandidates()
        var feature: String?
        for row in try database.rows("SELECT feature, initial_blob, extras_blob, scenario_extras_blob, shape FROM fixtures WHERE id = ?", [.integer(id)]) {
            feature = row[4].text == "leaf" ? row[0].text : nil
            for column in 1...3 { if let blob = row[column].integer { candidates.blobs.insert(blob) } }
            if let feature, let initial = row[1].integer { candidates.snapshots.insert(.init(feature: feature, snapshot: initial)) }
        }
        try database.cachedStatement("SELECT action_blob, state_blob, effects_blob, extras_blob FROM steps WHERE fixture_id = ?")
            .forEachRow([.integer(id)]) { row in
                for column in Int32(0)...3 where !row.isNull(at: column) { candidates.blobs.insert(row.int64(at: column)) }
                if let feature, !row.isNull(at: 1) { candidates.snapshots.insert(.init(feature: feature, snapshot: row.int64(at: 1))) }
            }
        return candidates
    }

    /// Sweeps what a replacement or deletion orphaned: index rows of snapshots no fixture of their
    /// feature holds any more go at once (lookups by index per candidate). Blobs are left for the
    /// sweep of the whole corpus: whether nothing refers to a blob can only be known by scanning
    /// the columns without an index (actions and effect lists, shared by many steps), so they are
    /// counted and swept together once they are many, and before a dump.
    func collectGarbage(among candidates: GarbageCandidates) throws {
        guard !candidates.isEmpty else { return }
        let schema = try GarbageSchema(database)
        var orphaned = candidates.blobs
        for candidate in candidates.snapshots {
            let key: [SQLValue] = [.text(candidate.feature), .integer(candidate.snapshot)]
            let held = try database.scalarInteger("""
                SELECT EXISTS (SELECT 1 FROM fixtures WHERE feature = ?1 AND initial_blob = ?2)
                    OR EXISTS (SELECT 1 FROM steps s JOIN fixtures f ON f.id = s.fixture_id WHERE s.state_blob = ?2 AND f.feature = ?1)
                """, key) == 1
            if held { continue }
            for table in schema.snapshotTables {
                for reference in schema.blobReferences where reference.table == table && reference.column != "snapshot" {
                    for row in try database.rows("SELECT \"\(reference.column)\" FROM \"\(table)\" WHERE feature = ? AND snapshot = ?", key) {
                        if let blob = row[0].integer { orphaned.insert(blob) }
                    }
                }
                try database.execute("DELETE FROM \"\(table)\" WHERE feature = ? AND snapshot = ?", key)
            }
        }
        try deferGarbage(orphaned.count)
    }

    /// Counts blobs left for the whole-corpus sweep, and runs that sweep once they are many (more
    /// than a thousand and a tenth of the blobs): small edits stay cheap, garbage stays bounded.
    private func deferGarbage(_ count: Int) throws {
        guard count > 0 else { return }
        let total = count + Int(try database.scalarInteger("SELECT CAST(value AS INTEGER) FROM corpus_meta WHERE key = 'local.deferred_garbage'") ?? 0)
        if total > max(1_000, Int(try database.scalarInteger("SELECT count(*) FROM blobs") ?? 0) / 10) {
            try collectGarbage()
        } else {
            try database.execute("INSERT OR REPLACE INTO corpus_meta(key, value) VALUES ('local.deferred_garbage', ?)", [.text(String(total))])
        }
    }

    /// Runs the whole-corpus sweep if a targeted one left blobs behind (before a dump, say).
    func collectDeferredGarbage() throws {
        guard (try database.scalarInteger("SELECT CAST(value AS INTEGER) FROM corpus_meta WHERE key = 'local.deferred_garbage'") ?? 0) > 0 else { return }
        try write { try collectGarbage() }
    }
}

/// Where the schema refers to blobs, read from its foreign keys (so tables other migrations add count too).
struct GarbageSchema {
    /// Every (table, column) with a foreign key to `blobs`.
    var blobReferences: [(table: String, column: String)] = []
    /// Index tables keyed by (feature, snapshot), whose rows die with their snapshot.
    var snapshotTables: [String] = []

    init(_ database: Database) throws {
        let tables = try database.rows("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        for table in tables.compactMap({ $0[0].text }) {
            let columns = Set(try database.rows("SELECT name FROM pragma_table_info(?)", [.text(table)]).compactMap { $0[0].text })
            for key in try database.rows("SELECT \"from\" FROM pragma_foreign_key_list(?) WHERE \"table\" = 'blobs'", [.text(table)]) {
                guard let column = key[0].text else { continue }
                blobReferences.append((table, column))
                if column == "snapshot" && columns.contains("feature") { snapshotTables.append(table) }
            }
        }
    }
}

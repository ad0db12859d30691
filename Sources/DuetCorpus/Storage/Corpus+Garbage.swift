extension Corpus {
    /// Drops index rows of snapshots no fixture holds any more, and blobs nothing refers to.
    /// Runs inside the write that replaced or deleted fixtures, so the corpus stays re-derivable.
    func collectGarbage() throws {
        try database.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS live_snapshots(feature TEXT NOT NULL, snapshot INTEGER NOT NULL, PRIMARY KEY (feature, snapshot)) WITHOUT ROWID;
            DELETE FROM temp.live_snapshots;
            INSERT OR IGNORE INTO temp.live_snapshots
                SELECT f.feature, s.snapshot FROM fixture_snapshots s JOIN fixtures f ON f.id = s.fixture_id WHERE f.feature IS NOT NULL;
            DELETE FROM snapshot_fields WHERE (feature, snapshot) NOT IN (SELECT feature, snapshot FROM temp.live_snapshots);
            DELETE FROM snapshot_kinds WHERE (feature, snapshot) NOT IN (SELECT feature, snapshot FROM temp.live_snapshots);
            DELETE FROM island_summaries WHERE (feature, snapshot) NOT IN (SELECT feature, snapshot FROM temp.live_snapshots);
            DELETE FROM snapshot_spines WHERE (feature, snapshot) NOT IN (SELECT feature, snapshot FROM temp.live_snapshots);
            DELETE FROM temp.live_snapshots;
            """)
        // Every column of every table that refers to blobs, including tables other migrations add.
        var references: [String] = []
        let tables = try database.rows("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        for table in tables.compactMap({ $0[0].text }) {
            for key in try database.rows("SELECT \"from\" FROM pragma_foreign_key_list(?) WHERE \"table\" = 'blobs'", [.text(table)]) {
                guard let column = key[0].text else { continue }
                references.append("SELECT \"\(column)\" FROM \"\(table)\" WHERE \"\(column)\" IS NOT NULL")
            }
        }
        guard !references.isEmpty else { return }
        try database.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS live_blobs(id INTEGER PRIMARY KEY);
            DELETE FROM temp.live_blobs;
            INSERT OR IGNORE INTO temp.live_blobs \(references.joined(separator: " UNION ALL "));
            DELETE FROM blobs WHERE id NOT IN (SELECT id FROM temp.live_blobs);
            DELETE FROM temp.live_blobs;
            """)
        blobs.forgetCache()
    }
}

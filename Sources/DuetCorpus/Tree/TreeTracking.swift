/// How a corpus comes to know which of its fixtures belong to a tree.
enum TreeTracking {
    /// A seed is a dump of some tree's index: its fixtures are that tree's, so a later sync removes
    /// the ones whose file is gone. The stamps are unknown (`-1`), so every file is hashed once.
    static func markSeedFixtures(_ db: Database) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO tree_files(path, kind, name, size, mtime_ns, inode, hash, racy)
                SELECT 'parity/fixtures/' || name || '.fixture.json', 'fixture', name, -1, -1, -1, coalesce(source_hash, x''), 1
                FROM fixtures
            """)
    }
}

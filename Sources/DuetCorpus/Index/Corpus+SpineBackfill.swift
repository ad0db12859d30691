extension Corpus {
    /// A corpus that gained the spines table by a migration holds no spine yet: derive them (with
    /// the rest of its index, which the same pass writes) for every described feature.
    func deriveSpinesAfterMigration(_ applied: [Migration]) throws {
        guard applied.contains(where: { $0.fileName == "0006_spines.sql" }) else { return }
        let features = try database.rows("SELECT feature FROM feature_structures ORDER BY feature").compactMap { $0[0].text }
        guard !features.isEmpty else { return }
        try write { try reindex(features: features) }
    }
}

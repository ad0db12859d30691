import Duet

extension Corpus {
    /// Replaces what `platform`'s runner last answered to `describe`, in one transaction.
    ///
    /// ```swift
    /// try corpus.storeRunnerDescribe(platform: "kotlin", structures: described)
    /// let parity = DeclarationParity.differences(("swift", try corpus.runnerDescribes()["swift"] ?? []),
    ///                                            ("kotlin", try corpus.runnerDescribes()["kotlin"] ?? []))
    /// ```
    public func storeRunnerDescribe(platform: String, structures: [FeatureStructure]) throws {
        try write {
            var garbage = GarbageCandidates()
            garbage.blobs = Set(try database.rows("SELECT structure_blob FROM runner_describes WHERE platform = ?", [.text(platform)])
                .compactMap { $0[0].integer })
            try database.execute("DELETE FROM runner_describes WHERE platform = ?", [.text(platform)])
            for structure in structures {
                let blob = try blobs.intern(try CanonicalEncoder().encode(structure))
                try database.execute("INSERT INTO runner_describes(platform, feature, structure_blob) VALUES (?, ?, ?)",
                                     [.text(platform), .text(structure.feature), .integer(blob)])
            }
            try collectGarbage(among: garbage)
        }
    }

    /// The last `describe` answer of every platform that has reported one, features sorted by name.
    public func runnerDescribes() throws -> [String: [FeatureStructure]] {
        var result: [String: [FeatureStructure]] = [:]
        for row in try database.rows("SELECT platform, structure_blob FROM runner_describes ORDER BY platform, feature") {
            guard let platform = row[0].text, let blob = row[1].integer else { continue }
            result[platform, default: []].append(try CanonicalDecoder().decode(FeatureStructure.self, from: try blobs.value(id: blob)))
        }
        return result
    }
}

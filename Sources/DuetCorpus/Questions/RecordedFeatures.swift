extension Corpus {
    /// Feature → how many leaf fixtures of it the corpus holds: the features there is recorded evidence of.
    ///
    /// ```swift
    /// try corpus.recordedFeatures()["timeline"]   // 14
    /// ```
    public func recordedFeatures() throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try database.rows("SELECT feature, count(*) FROM fixtures WHERE feature IS NOT NULL GROUP BY feature") {
            if let feature = row[0].text, let count = row[1].integer { counts[feature] = Int(count) }
        }
        return counts
    }
}

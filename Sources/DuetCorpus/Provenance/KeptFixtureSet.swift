/// The fixture-set hash (`CorpusContentHash`) kept in `corpus_meta` ('local.fixture_set': hex,
/// fixtures, steps), so a result's inputs are known without reading every fixture's fingerprint.
/// Every write that may change the fixtures (`Corpus.write` with `touchesTree`, which every path
/// writing or removing fixtures takes) drops it in its own transaction; it is kept again only inside
/// a write that changes no fixture, from what that transaction reads. A seed never brings one.
extension Corpus {
    /// The kept hash, or nil when a fixture changed since it was kept (or it never was).
    func keptFixtureSet() throws -> CorpusContentHash? {
        guard keepsTreeDigest,
              let text = try database.cachedStatement("SELECT value FROM corpus_meta WHERE key = 'local.fixture_set'").rows().first?[0].text
        else { return nil }
        let parts = text.split(separator: " ")
        guard parts.count == 3, let hash = ContentHash(hex: String(parts[0])), let fixtures = Int(parts[1]), let steps = Int(parts[2])
        else { return nil }
        return CorpusContentHash(hash: hash, fixtures: fixtures, steps: steps)
    }

    /// The fixture-set hash, kept for the next question; call inside a write (`write(touchesTree: false)`).
    func keepFixtureSet() throws -> CorpusContentHash {
        if let kept = try keptFixtureSet() { return kept }
        let set = try computedContentHash()
        if keepsTreeDigest {
            try database.execute("INSERT OR REPLACE INTO corpus_meta(key, value) VALUES ('local.fixture_set', ?)",
                                 [.text("\(set.hash.hex) \(set.fixtures) \(set.steps)")])
        }
        return set
    }
}

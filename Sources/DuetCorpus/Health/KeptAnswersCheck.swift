extension Corpus {
    /// The answers kept with the index against the same answers recomputed: `kind_counts` against
    /// the join of every fixture position with its kinds, and a kept fixture-set hash against the
    /// fingerprints hashed again. Part of `check()`: it re-derives the whole index anyway.
    func keptAnswerProblems() throws -> [String] {
        var problems: [String] = []
        if keepsKindCounts {
            let kept = try keptKindCounts(), recomputed = try recomputedKindCounts()
            if kept != recomputed {
                func key(_ count: KindCount) -> String { "\(count.feature).\(count.field) \(count.kind)" }
                let keptByKey = Dictionary(kept.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
                let recomputedByKey = Dictionary(recomputed.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
                for name in Set(keptByKey.keys).union(recomputedByKey.keys).sorted() where keptByKey[name] != recomputedByKey[name] {
                    func figures(_ count: KindCount?) -> String { count.map { "\($0.fixtures) fixtures, \($0.steps) steps" } ?? "none" }
                    problems.append("kind_counts: \(name) keeps \(figures(keptByKey[name])) but the index gives \(figures(recomputedByKey[name])) — rebuild the corpus with `duet corpus load` (or delete corpus.db)")
                }
            }
        }
        if let kept = try keptFixtureSet(), kept != (try computedContentHash()) {
            problems.append("corpus_meta: the kept fixture-set hash \(kept) is not the stored fixtures' \(try computedContentHash()) — rebuild the corpus with `duet corpus load` (or delete corpus.db)")
        }
        return problems
    }
}

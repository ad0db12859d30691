import DuetCorpus

/// What an incremental gate (verify, the drill) takes from one pass over the fixtures it selects:
/// the fixture set's hash, the names to replay as a compact list, and the passes that stand,
/// counted — so nothing is held per fixture, whatever the corpus's size. The passes themselves
/// are kept only with `keepReused` (a report that lists every fixture).
struct CachedSelection {
    private(set) var fixtureSet = CorpusContentHash.Accumulator()
    /// In name order (a `PassSet` of names, its step counts unused).
    private(set) var toReplay = PassSet.Encoder()
    private(set) var reused: [(fixture: String, pass: CachedFixture.Pass)] = []
    private(set) var reusedCount = 0, reusedSteps = 0, reusedSnapshots = 0
    /// The latest run a reused pass was replayed in.
    private(set) var since: Int64?

    /// `only`: a shard's fixtures (nil: every one the filters select).
    init(corpus: Corpus, gate: CachedGate, platform: String, judgedWith: ContentHash?, feature: String?, fixture: String?,
         only: Set<String>?, keepReused: Bool) throws {
        try corpus.forEachCachedFixture(gate: gate, platform: platform, judgedWith: judgedWith, feature: feature, fixture: fixture) { entry in
            let name = entry.fingerprint.name
            if let only, !only.contains(name) { return }
            fixtureSet.add(entry.fingerprint)
            guard let pass = entry.pass else { return toReplay.append(name, steps: 0) }
            reusedCount += 1
            reusedSteps += pass.steps
            reusedSnapshots += pass.snapshots
            since = max(since ?? pass.run, pass.run)
            if keepReused { reused.append((name, pass)) }
        }
    }

    /// Fixtures selected.
    var count: Int { fixtureSet.result.fixtures }
}

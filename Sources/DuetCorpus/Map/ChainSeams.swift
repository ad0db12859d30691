/// The seams chain fixtures pin: where a chain's next step acts in another feature.
struct ChainSeams {
    private struct Tally { var chains = Set<String>(); var platforms = Set<String>() }
    private var seams: [MapSeamKey: Tally] = [:]
    private var marked = false

    private struct MapSeamKey: Hashable { var kind: MapSeam.Kind; var from: String; var fromVerb: String; var to: String; var toVerb: String? }

    init(corpus: Corpus, runs: MapRunResults) throws {
        struct Step { var node: String; var verb: String; var link: Bool }
        var chains: [String: [Step]] = [:]
        try corpus.database.cachedStatement("""
            SELECT f.name, coalesce(s.node, ''), coalesce(s.action_case, ''), coalesce(s.link_to_next, 0)
            FROM fixtures f JOIN steps s ON s.fixture_id = f.id WHERE f.shape = 'chain' ORDER BY f.name, s.idx
            """).forEachRow { row in
            chains[row.text(at: 0) ?? "", default: []].append(Step(node: row.text(at: 1) ?? "", verb: row.text(at: 2) ?? "", link: row.int(at: 3) == 1))
        }
        marked = !runs.runs.isEmpty
        for (chain, steps) in chains {
            for index in steps.indices.dropLast() {
                let here = steps[index], next = steps[index + 1]
                guard here.node != next.node else { continue }
                let kind: MapSeam.Kind = here.link ? .delegate : .handoff
                let key = MapSeamKey(kind: kind, from: here.node, fromVerb: here.verb, to: next.node, toVerb: here.link ? next.verb : nil)
                seams[key, default: Tally()].chains.insert(chain)
                // A delegate's link is checked at its own step; a hand-off happened once the next step
                // was sent. Either way the chain went past it when it stopped at a later step.
                for (platform, results) in runs.results {
                    guard let result = results[chain], result.passed || (result.step ?? -1) > index else { continue }
                    seams[key]!.platforms.insert(platform)
                }
            }
        }
    }

    /// Seams touching `feature` (all when nil), sorted.
    func seams(touching feature: String?) -> [MapSeam] {
        seams.filter { feature == nil || $0.key.from == feature || $0.key.to == feature }.map { key, tally in
            MapSeam(kind: key.kind, from: key.from, fromVerb: key.fromVerb, to: key.to, toVerb: key.toVerb, chains: tally.chains.count,
                    platforms: marked ? tally.platforms.sorted() : nil)
        }.sorted { $0.key < $1.key }
    }

    /// Per feature, verb → the features whose delegate seams deliver it.
    func delivered(to feature: String) -> [String: [String]] {
        var out: [String: Set<String>] = [:]
        for key in seams.keys where key.kind == .delegate && key.to == feature { if let verb = key.toVerb { out[verb, default: []].insert(key.from) } }
        return out.mapValues { $0.sorted() }
    }
}

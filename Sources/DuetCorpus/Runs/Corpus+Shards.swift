import Duet

/// One stored fixture as shards and result files see it: its name, its weight and the hash of
/// its behaviour (`fixtures.projection_hash`).
public struct FixtureFingerprint: Sendable, Equatable {
    public var name: String
    public var steps: Int
    public var hash: ContentHash
}

/// The fixtures of one shard, and what the whole split looks like.
public struct ShardPlan: Sendable, Equatable {
    public var shard: ShardSpec
    /// Sorted by name.
    public var fixtures: [String]
    public var steps: Int
    public var totalFixtures: Int
    public var totalSteps: Int
}

/// What a run ran against: a hash over every fixture's name and behaviour, so two clones of the
/// same tree agree and labels, lines or descriptions do not count.
///
/// The hash is MurmurHash3 x64-128 (`ContentHash`) of, for each fixture in name order (UTF-8
/// byte order), its name's UTF-8 bytes, a 0x00 byte and the 16 bytes of its `projection_hash`.
public struct CorpusContentHash: Sendable, Equatable, CustomStringConvertible {
    public var hash: ContentHash
    public var fixtures: Int
    public var steps: Int

    public init(_ fingerprints: [FixtureFingerprint]) {
        // Fingerprints read from the corpus come in name order already: sorting them again costs more than hashing.
        let inOrder = zip(fingerprints, fingerprints.dropFirst()).allSatisfy { CanonicalOrder.precedes($0.name, $1.name) }
        var accumulator = Accumulator()
        for fingerprint in inOrder ? fingerprints : fingerprints.sorted(by: { CanonicalOrder.precedes($0.name, $1.name) }) {
            accumulator.add(fingerprint)
        }
        self = accumulator.result
    }

    init(hash: ContentHash, fixtures: Int, steps: Int) { self.hash = hash; self.fixtures = fixtures; self.steps = steps }

    /// The hash of fingerprints fed one at a time, in name order: what a gate streaming the corpus
    /// computes without holding the fingerprints.
    public struct Accumulator: Sendable {
        private var hasher = ContentHasher()
        private var fixtures = 0, steps = 0
        public init() {}

        public mutating func add(_ fingerprint: FixtureFingerprint) {
            hasher.update(fingerprint.name.utf8)
            hasher.update(CollectionOfOne(0))
            hasher.update(fingerprint.hash.bytes)
            fixtures += 1
            steps += fingerprint.steps
        }

        public var result: CorpusContentHash { CorpusContentHash(hash: hasher.finalize(), fixtures: fixtures, steps: steps) }
    }

    public var description: String { "\(hash.hex) (\(fixtures) fixtures, \(steps) steps)" }
}

extension Corpus {
    /// Every stored fixture's name, step count and behaviour hash, by name.
    public func fixtureFingerprints() throws -> [FixtureFingerprint] {
        var fingerprints: [FixtureFingerprint] = []
        try forEachFixtureFingerprint { fingerprints.append($0) }
        return fingerprints
    }

    /// `fixtureFingerprints`, one at a time in name order.
    public func forEachFixtureFingerprint(_ body: (FixtureFingerprint) throws -> Void) throws {
        try database.cachedStatement("SELECT name, step_count, projection_hash FROM fixtures INDEXED BY fixtures_fingerprint ORDER BY name").forEachRow { row in
            guard let name = row.text(at: 0), let hash = row.contentHash(at: 2) else {
                throw EnvironmentError("the fixtures table holds a row without a name or behaviour hash",
                                       fix: "rebuild the corpus with `duet corpus load` (or delete corpus.db)")
            }
            try body(FixtureFingerprint(name: name, steps: row.int(at: 1), hash: hash))
        }
    }

    /// The content hash of the stored fixtures (see `CorpusContentHash`): the kept one
    /// (`keptFixtureSet`), else hashed as they are read.
    public func contentHash() throws -> CorpusContentHash {
        try keptFixtureSet() ?? computedContentHash()
    }

    /// The content hash of the stored fixtures, hashed as they are read.
    func computedContentHash() throws -> CorpusContentHash {
        var accumulator = CorpusContentHash.Accumulator()
        try forEachFixtureFingerprint { accumulator.add($0) }
        return accumulator.result
    }

    /// The fixtures of shard `shard` (`FixtureShards.split` over every stored fixture). `verify
    /// --shard` and `drill restore --shard` both take their share from here.
    ///
    /// ```swift
    /// let plan = try corpus.shardPlan(try ShardSpec(parsing: "1/3"))
    /// plan.fixtures.count   // about a third of the fixtures, about a third of the steps
    /// ```
    public func shardPlan(_ shard: ShardSpec) throws -> ShardPlan {
        try shardPlans(count: shard.count)[shard.index - 1]
    }

    /// All `count` shards of the stored fixtures, shard 1 first.
    public func shardPlans(count: Int) throws -> [ShardPlan] {
        let fingerprints = try fixtureFingerprints()
        let steps = Dictionary(fingerprints.map { ($0.name, $0.steps) }, uniquingKeysWith: { a, _ in a })
        let split = FixtureShards.split(fingerprints.map { .init(name: $0.name, steps: $0.steps) }, count: count)
        let totalSteps = fingerprints.reduce(0) { $0 + $1.steps }
        return try split.enumerated().map { index, names in
            ShardPlan(shard: try ShardSpec(index: index + 1, count: count), fixtures: names,
                      steps: names.reduce(0) { $0 + (steps[$1] ?? 0) }, totalFixtures: fingerprints.count, totalSteps: totalSteps)
        }
    }
}

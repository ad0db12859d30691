import Duet

/// Shard K of N (1 ≤ K ≤ N), as a CI matrix numbers its jobs: `--shard 2/3`.
///
/// ```swift
/// let shard = try ShardSpec(parsing: "2/3")
/// shard.description      // "2/3"
/// ```
public struct ShardSpec: Sendable, Hashable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws(InvalidShard) {
        guard count >= 1, (1...count).contains(index) else {
            throw InvalidShard("shard \(index)/\(count): K must be from 1 to N, and N at least 1")
        }
        self.index = index; self.count = count
    }

    public init(parsing text: String) throws(InvalidShard) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw InvalidShard("'\(text)' is not K/N (for example 2/3: the second of three shards)")
        }
        try self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// The run scope a run of this shard is stored under (`full` when N is 1).
    public var scope: RunScope { RunScope(shard: (index, count)) }
}

/// `--shard` named no shard: what was wrong.
public struct InvalidShard: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The split of fixtures into shards: deterministic (the same fixtures give the same shards on
/// every machine, whatever order they are listed in) and balanced by step count.
///
/// Fixtures are taken heaviest first — step count descending, then name in Unicode scalar
/// order — and each goes to the shard with the fewest steps so far (then the fewest fixtures,
/// then the lowest K). Every fixture lands in exactly one shard; a shard may be empty only when
/// there are fewer fixtures than shards.
///
/// ```swift
/// let shards = FixtureShards.split([.init(name: "a", steps: 5), .init(name: "b", steps: 3)], count: 2)
/// shards   // [["a"], ["b"]]
/// ```
public enum FixtureShards {
    public struct Weighted: Sendable, Equatable {
        public var name: String
        public var steps: Int
        public init(name: String, steps: Int) { self.name = name; self.steps = steps }
    }

    /// The names in each of `count` shards (index 0 is shard 1/N), each sorted by name.
    public static func split(_ fixtures: [Weighted], count: Int) -> [[String]] {
        precondition(count >= 1, "a split needs at least one shard, not \(count)")
        let heaviestFirst = fixtures.sorted { a, b in
            a.steps != b.steps ? a.steps > b.steps : CanonicalOrder.precedes(a.name, b.name)
        }
        var shards = [[String]](repeating: [], count: count)
        var steps = [Int](repeating: 0, count: count)
        for fixture in heaviestFirst {
            var lightest = 0
            for candidate in 1..<count where (steps[candidate], shards[candidate].count) < (steps[lightest], shards[lightest].count) {
                lightest = candidate
            }
            shards[lightest].append(fixture.name)
            steps[lightest] += fixture.steps
        }
        return shards.map { $0.sorted(by: CanonicalOrder.precedes) }
    }
}

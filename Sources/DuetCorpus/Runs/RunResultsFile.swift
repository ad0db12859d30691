import Foundation
import Duet
import DuetFixtures

/// A portable verify result (`duet verify --results FILE`): what one machine ran, against which
/// fixtures, with which tools, and every fixture's result — what `duet runs import` merges.
///
/// ```swift
/// let file = RunResultsFile(fingerprints: try corpus.fixtureFingerprints(), shard: plan, scope: plan.shard.scope,
///                           runs: storedRuns, duet: "0.1.0", toolchain: "swift 6.3", host: "linux x86_64")
/// try AtomicFile.write(file.prettyBytes, to: "results-1.json")
/// let back = try RunResultsFile.read(path: "results-1.json")
/// ```
public struct RunResultsFile: Sendable, Equatable, Codable {
    public static let formatName = "duet-run-results"
    public static let currentVersion: Int64 = 1

    public var format: String
    public var formatVersion: Int64
    /// The `duet` that wrote the file, and the Swift compiler that built it.
    public var duet: String
    public var toolchain: String
    public var host: String
    public var corpus: CorpusFacts
    /// nil when the run was not sharded.
    public var shard: ShardFacts?
    /// `runs.scope` of the runs (`full`, `shard=K/N`, or the filters that narrowed them).
    public var scope: String
    public var runs: [Run]

    public struct CorpusFacts: Sendable, Equatable, Codable {
        /// `CorpusContentHash`, hex.
        public var hash: String
        public var fixtures: Int64
        public var steps: Int64
    }

    public struct ShardFacts: Sendable, Equatable, Codable {
        public var index: Int64
        public var count: Int64
        public var fixtures: Int64
        public var steps: Int64
    }

    public struct Run: Sendable, Equatable, Codable {
        public var platform: String
        public var runner: String
        public var status: String
        public var startedAt: String
        public var durationMs: Int64
        public var runnerFailure: String?
        public var results: [Result]
        /// The runner's build (`runs.runner_build`) and its describe answer's hash; nil when unidentified
        /// (and in files written before results named their runner).
        public var build: String? = nil
        public var describe: String? = nil
    }

    /// One fixture's result, with the behaviour hash of the fixture it replayed.
    public struct Result: Sendable, Equatable, Codable {
        public var fixture: String
        public var hash: String
        public var status: String
        public var stepsRun: Int64
        public var failure: Failure?
    }

    /// Failures keep the stored result's fields under the file's names.
    public struct Failure: Sendable, Equatable, Codable {
        public var kind: String
        public var step: Int64?
        public var label: String?
        public var action: String?
        public var path: String?
        public var expected: String?
        public var actual: String?
        public var message: String?
        public var source: String?
        /// The state the platform answered at a state divergence, compact canonical JSON.
        public var actualState: String?
    }

    /// `fingerprints` are every stored fixture's (`Corpus.fixtureFingerprints()`), not only the shard's.
    public init(fingerprints: [FixtureFingerprint], shard: ShardPlan?, scope: RunScope, runs: [StoredRun],
                duet: String, toolchain: String, host: String) {
        let corpus = CorpusContentHash(fingerprints)
        let hashes = Dictionary(fingerprints.map { ($0.name, $0.hash.hex) }, uniquingKeysWith: { a, _ in a })
        format = Self.formatName
        formatVersion = Self.currentVersion
        self.duet = duet; self.toolchain = toolchain; self.host = host
        self.corpus = CorpusFacts(hash: corpus.hash.hex, fixtures: Int64(corpus.fixtures), steps: Int64(corpus.steps))
        self.shard = shard.map { ShardFacts(index: Int64($0.shard.index), count: Int64($0.shard.count),
                                            fixtures: Int64($0.fixtures.count), steps: Int64($0.steps)) }
        self.scope = scope.stored
        self.runs = runs.map { run in
            Run(platform: run.platform, runner: run.runner, status: run.status, startedAt: run.startedAt,
                durationMs: Int64(run.durationMilliseconds), runnerFailure: run.runnerFailure,
                results: NameOrderMerge.merge(run.results.map { Result($0, hash: hashes[$0.fixture] ?? "") },
                                     run.reusedPasses.map { Result(fixture: $0.fixture, hash: hashes[$0.fixture] ?? "", status: "passed",
                                                                   stepsRun: Int64($0.steps), failure: nil) }) { $0.fixture },
                build: run.inputs?.runner?.build, describe: run.inputs?.runner?.describe)
        }
    }

    /// The file's bytes: the pinned pretty form of canonical JSON.
    public var prettyBytes: [UInt8] { (try? CanonicalEncoder().encode(self))?.prettyBytes ?? [] }

    /// The shard as a spec; nil when the file holds an unsharded run.
    public var shardSpec: ShardSpec? { shard.flatMap { try? ShardSpec(index: Int($0.index), count: Int($0.count)) } }

    /// Reads and checks a result file; a malformed one is refused at its line and column.
    public static func read(path: String) throws -> RunResultsFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, message: "cannot read the result file", fix: "pass a file written by `duet verify --results FILE`")
        }
        return try decode(Array(data), file: path)
    }

    public static func decode(_ bytes: [UInt8], file: String) throws -> RunResultsFile {
        let fix = "pass a file written by `duet verify --results FILE`, unmodified"
        let tree: JSONValue
        do { tree = try CanonicalJSON.parse(bytes) } catch { throw InputError(file: file, error, fix: fix) }
        if tree["format"]?.stringValue != formatName {
            throw PlacedDecoding.error(at: "format", in: bytes, file: file, message: "not a duet run result file (format is not \"\(formatName)\")", fix: fix)
        }
        if let version = tree["formatVersion"]?.intValue, version > currentVersion {
            throw PlacedDecoding.error(at: "formatVersion", in: bytes, file: file,
                                       message: "format version \(version) is newer than this duet reads (\(currentVersion))",
                                       fix: "import it with the duet that wrote it (\(tree["duet"]?.stringValue ?? "unknown"))")
        }
        let decoded = try PlacedDecoding.decode(RunResultsFile.self, from: tree, bytes: bytes, file: file, fix: fix)
        try RunResultsCheck.check(decoded, bytes: bytes, path: file, fix: fix)
        if let shard = decoded.shard, (try? ShardSpec(index: Int(shard.index), count: Int(shard.count))) == nil {
            throw PlacedDecoding.error(at: "shard", in: bytes, file: file, message: "shard \(shard.index)/\(shard.count) is not K/N with 1 ≤ K ≤ N", fix: fix)
        }
        return decoded
    }
}

extension RunResultsFile.Result {
    init(_ stored: StoredFixtureResult, hash: String) {
        fixture = stored.fixture
        self.hash = hash
        status = stored.status
        stepsRun = Int64(stored.stepsRun)
        failure = stored.failureKind.map { kind in
            RunResultsFile.Failure(kind: kind, step: stored.step.map(Int64.init), label: stored.label, action: stored.action, path: stored.path,
                                   expected: stored.expected, actual: stored.actual, message: stored.message, source: stored.source,
                                   actualState: stored.actualState.map { String(decoding: $0, as: UTF8.self) })
        }
    }

    /// The result as the corpus stores it.
    var stored: StoredFixtureResult {
        StoredFixtureResult(fixture: fixture, status: status, stepsRun: Int(stepsRun), failureKind: failure?.kind, step: failure?.step.map { Int($0) },
                            label: failure?.label, action: failure?.action, path: failure?.path, expected: failure?.expected,
                            actual: failure?.actual, message: failure?.message, source: failure?.source,
                            actualState: failure?.actualState.map { Array($0.utf8) })
    }
}

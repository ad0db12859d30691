import Duet
import DuetCorpus
import DuetManifest
import DuetReplay

/// Structure a verb needs (census, islands, the drill, the milestone, the audit, lint's parity rule)
/// and the corpus lacks is asked of the configured runners' `describe` — once: the answer is stored
/// as the features' structure and kept by the runner's build (`runner_builds`), so a fresh clone or a
/// deleted `corpus.db` answers at once, and the next verb asks nothing.
///
/// ```swift
/// let asked = try StructureFromRunner(corpus: corpus, manifest: manifest).ensure()
/// asked.described      // [.init(platform: "swift", build: "9b1f…", features: ["counter"])]
/// asked.unknown        // features still without structure: no runner could say
/// ```
public struct StructureFromRunner {
    public let corpus: Corpus
    public let manifest: Manifest
    public var timeout: Double = 10
    public var startupTimeout: Double = 120

    public init(corpus: Corpus, manifest: Manifest) { self.corpus = corpus; self.manifest = manifest }

    public struct Outcome: Sendable, Equatable {
        public struct Described: Sendable, Equatable {
            public var platform: String
            /// The build that answered (`RunnerBuild.description`).
            public var build: String
            /// The features whose structure was stored from its answer.
            public var features: [String]
        }
        public var described: [Described] = []
        /// Features with fixtures and still no structure.
        public var unknown: [String] = []
        /// Platforms that were needed and could not answer, with why.
        public var failures: [String: String] = [:]
    }

    /// Fills the structure of every feature that has fixtures but none stored; with `describes`, also
    /// the stored `describe` of every configured platform that has none (what lint's parity rule
    /// compares). Runners are asked Swift first, then by name; one not built is skipped (and named).
    public func ensure(describes: Bool = false) throws -> Outcome {
        var outcome = Outcome(unknown: try corpus.featuresWithUnknownStructure())
        let stored = Set(try corpus.runnerDescribes().keys)
        let platforms = manifest.runners.keys.sorted { ($0 == "swift" ? "" : $0) < ($1 == "swift" ? "" : $1) }
        for platform in platforms {
            let needsDescribe = describes && !stored.contains(platform)
            guard !outcome.unknown.isEmpty || needsDescribe else { continue }
            if let problem = RunnerPreflight.problem(command: manifest.runners[platform]!, root: RunnerCommands.root(of: manifest)) {
                outcome.failures[platform] = problem
                continue
            }
            let command = RunnerCommands.resolve(platforms: [platform], explicit: nil, manifest: manifest).commands[platform]!
            let session = ReplaySession(command: command, timeout: timeout, startupTimeout: startupTimeout)
            defer { session.close() }
            let identity = RunnerIdentity.probe(session, platform: platform, corpus: corpus)
            guard let structures = identity.structures else {
                outcome.failures[platform] = "its runner gave no describe answer (build \(identity.build))"
                continue
            }
            let known = Set(try corpus.structures().map(\.feature))
            let new = structures.filter { !known.contains($0.feature) }
            try corpus.write {
                if !new.isEmpty { try corpus.setStructures(new, origin: "runner:\(platform)") }
                if !stored.contains(platform) { try corpus.storeRunnerDescribe(platform: platform, structures: structures) }
            }
            outcome.described.append(.init(platform: platform, build: identity.build.description, features: new.map(\.feature)))
            outcome.unknown = try corpus.featuresWithUnknownStructure()
        }
        if outcome.unknown.isEmpty { outcome.failures = outcome.failures.filter { describes && !stored.contains($0.key) } }
        return outcome
    }
}

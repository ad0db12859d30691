import Duet
import DuetCorpus
import DuetManifest
import DuetReplay
import Foundation

/// `duet explore`: generated action sequences from recorded states, every step sent to every
/// platform (each the other's oracle), findings shrunk and written as pending recordings, the
/// restore drill's rules at sampled explored states, and the run stored with what it reached.
///
/// ```swift
/// var options = ExploreOptions(); options.budget = 100_000
/// let outcome = try ExploreWorkflow(corpus: corpus, runners: commands, options: options).run()
/// outcome.holds            // explored, and no platform disagreed, refused or crashed
/// ```
public struct ExploreWorkflow {
    public let corpus: Corpus
    public let runners: RunnerCommands
    public var options: ExploreOptions
    /// `drill.rulings` of the manifest, applied to restore findings by feature, rule and path.
    public var rulings: [DrillRuling] = []
    public var maxSpineBytes = RestoreDrill.defaultMaxSpineBytes
    /// Store the run and write pending recordings; a mutation drill explores mutants and keeps neither.
    public var keepsResults = true
    /// The tree whose `parity/.pending/` receives the findings' recordings (needed when keepsResults).
    public var tree: RecordTree?

    /// Restarts an explore run allows each runner: every crash on an action restarts it (and each
    /// reproduction while shrinking one), so this bounds a runner that crashes everywhere.
    static let maximumRestarts = 200

    public init(corpus: Corpus, runners: RunnerCommands, options: ExploreOptions = ExploreOptions()) {
        self.corpus = corpus; self.runners = runners; self.options = options
    }

    public func run(feature: String? = nil, progress: ((_ phase: String, _ done: Int, _ total: Int) -> Void)? = nil) throws -> ExploreOutcome {
        let started = Date()
        var outcome = ExploreOutcome()
        outcome.startedAt = Self.timestamp(started)
        outcome.platforms = runners.commands.keys.sorted()
        outcome.missingRunners = runners.missing
        outcome.feature = feature
        outcome.options = options
        guard options.budget > 0, options.depth > 0 else {
            throw InputError(file: "--budget/--depth", message: "explore needs a budget and a depth of at least 1 step", fix: "e.g. --budget 10000 --depth 8")
        }
        try checkFeature(feature)
        guard !runners.commands.isEmpty else { return outcome }
        let explorers = outcome.platforms.map { platform in
            ExploreRunner(platform: platform, session: ReplaySession(command: runners.commands[platform]!, timeout: options.timeout,
                                                                    startupTimeout: options.startupTimeout, maximumRestarts: Self.maximumRestarts))
        }
        defer { explorers.forEach { $0.session.close() } }
        var served: [String: Set<String>] = [:]
        for runner in explorers {
            do { served[runner.platform] = Set(try runner.session.client().features) } catch {
                outcome.runnerFailure = error.description
                return finish(outcome, started)
            }
        }
        let structures = try self.structures(explorers)
        var features = try inputs(feature: feature, structures: structures)
        for runner in explorers {
            let missing = features.map(\.name).filter { !(served[runner.platform] ?? []).contains($0) }
            if !missing.isEmpty { outcome.unserved[runner.platform] = missing }
            features.removeAll { !(served[runner.platform] ?? []).contains($0.name) }
        }

        let tally = ExploreEngine(runners: explorers, features: features, options: options).run { done, total in
            progress?("explore", done, total)
        }
        outcome.steps = tally.steps
        outcome.walks = tally.walks
        outcome.rejected = tally.rejected
        outcome.stepsToFirstFinding = tally.stepsToFirstFinding
        outcome.moreFindings = tally.overflow
        outcome.coverage = tally.storedReach
        outcome.features = features.map { feature in
            ExploreOutcome.Feature(name: feature.name, starts: feature.starts.count, cases: feature.schema.cases.count,
                                   unknownCases: feature.schema.unknownCases, steps: tally.stepsPerFeature[feature.name] ?? 0,
                                   casesReached: Set(tally.reach.keys.filter { $0.feature == feature.name && $0.kind == nil }.map(\.actionCase)).count)
        }
        if let failure = tally.runnerFailure {
            outcome.runnerFailure = failure.description
            return finish(outcome, started)
        }

        var findings = tally.findings
        var occurrences = tally.occurrences
        if options.restoreEvery > 0 && !(options.stopAtFirstFinding && !findings.isEmpty) {
            progress?("restore", 0, tally.restoreWalks.count)
            let restore = try self.restore(explorers, structures: structures).run(tally.restoreWalks, features: features)
            outcome.restoredWalks = restore.walks
            outcome.restoreRequests = restore.requests
            outcome.ruledRestores = restore.ruled
            for finding in restore.findings {
                let signature = finding.signature
                if let seen = occurrences[signature] { occurrences[signature] = seen + 1; continue }
                occurrences[signature] = 1
                if findings.count < options.maxFindings { findings.append(finding) } else { outcome.moreFindings += 1 }
            }
        }

        let replay = SequenceReplay(runners: explorers)
        var recordings: [PendingRecording] = []
        var stored: [StoredExploreFinding] = []
        for (index, found) in findings.enumerated() {
            progress?("shrink", index, findings.count)
            let starts = features.first { $0.name == found.feature }?.starts ?? []
            var shrunk = found
            if !found.kind.isRestore {
                let result = try Shrinker(replay: replay, starts: starts, attempts: options.shrinkAttempts).shrink(found)
                shrunk = result.finding
                outcome.shrinkReplays += result.tried
            }
            let steps = try replay.replay(feature: shrunk.feature, from: shrunk.start.state, shrunk.actions)
            let name = ExploreRecording.name(feature: shrunk.feature, start: shrunk.start.state, actions: shrunk.actions)
            // Two signatures may shrink to the same sequence: one recording, their walks counted together.
            if let same = stored.firstIndex(where: { $0.name == name }) {
                stored[same].occurrences += occurrences[found.signature] ?? 1
                outcome.findings[same].occurrences = stored[same].occurrences
                continue
            }
            let fixture = try ExploreRecording.fixture(name: name, finding: shrunk, steps: steps, platforms: outcome.platforms, seed: options.seed)
            recordings.append(try ExploreRecording.pending(fixture, finding: shrunk, steps: steps, platforms: outcome.platforms, seed: options.seed,
                                                           corpus: corpus, now: outcome.startedAt))
            let record = StoredExploreFinding(
                name: name, feature: shrunk.feature, kind: shrunk.kind.name, step: max(0, steps.count - 1), path: shrunk.path,
                signature: found.signature, occurrences: occurrences[found.signature] ?? 1, explored: found.actions.count,
                shrunk: shrunk.actions.count, startFixture: shrunk.start.fixture, startStep: shrunk.start.step, message: shrunk.message,
                answers: ExploreRecording.answers(steps, platforms: outcome.platforms))
            stored.append(record)
            outcome.findings.append(Self.finding(record, actions: shrunk.actions))
        }
        progress?("shrink", findings.count, findings.count)
        outcome = finish(outcome, started)
        if keepsResults {
            try ExploreRecording.keep(recordings, in: corpus, tree: tree)
            outcome.runID = try corpus.storeExploreRun(Self.stored(outcome, findings: stored))
        }
        return outcome
    }

    // MARK: - Inputs

    /// A feature asked for must have a recorded state to start from.
    func checkFeature(_ feature: String?) throws {
        guard let feature, try corpus.exploreStarts(feature: feature).isEmpty else { return }
        let known = Set(try corpus.structures().map(\.feature)).union(try corpus.exploreStarts().map(\.feature)).sorted()
        if known.contains(feature) {
            throw InputError(file: "--feature \(feature)", message: "no fixture of record holds a state of \(feature), so no walk can start",
                             fix: "record a fixture of \(feature) first")
        }
        throw InputError(file: "--feature \(feature)", message: "no feature named \(feature)", fix: "features: " + NameList.shortened(known, limit: 20))
    }

    /// The runners' own description of their features (the reference platform's: Swift's when it
    /// takes part), else what the corpus stored.
    func structures(_ explorers: [ExploreRunner]) throws -> [FeatureStructure] {
        let reference = ExploreRecording.reference(explorers.map(\.platform))
        for runner in explorers.sorted(by: { ($0.platform != reference ? 1 : 0) < ($1.platform != reference ? 1 : 0) }) {
            if let client = try? runner.session.client(), case .success(let described)? = try? client.describe(), !described.isEmpty {
                return described
            }
        }
        return try corpus.structures()
    }

    /// The features to explore: every feature with a recorded state, or the one asked for.
    func inputs(feature: String?, structures: [FeatureStructure]) throws -> [ExploreFeature] {
        let structures = Dictionary(structures.map { ($0.feature, $0) }, uniquingKeysWith: { first, _ in first })
        let starts = Dictionary(grouping: try corpus.exploreStarts(feature: feature), by: \.feature)
        let recorded = Dictionary(grouping: try corpus.recordedActions(feature: feature), by: \.feature)
        return starts.keys.sorted().map { name in
            let structure = structures[name]
            let schema = ActionSchema(feature: name, declared: structure?.actions ?? [], recorded: recorded[name] ?? [])
            let transitions = structure.map(L0Transitions.init(structure:)).flatMap { $0.isEmpty ? nil : $0 }
            return ExploreFeature(name: name, schema: schema, starts: starts[name] ?? [], transitions: transitions)
        }
    }

    /// The feature of each fixture a ruling names.
    func rulingFeatures() throws -> [String: String] {
        var features: [String: String] = [:]
        for ruling in rulings where ruling.feature == nil { features[ruling.fixture] = try corpus.fixtures(name: ruling.fixture).first?.feature }
        return features
    }

    private func restore(_ explorers: [ExploreRunner], structures: [FeatureStructure]) throws -> ExploreRestore {
        ExploreRestore(runners: explorers, plans: DrillPlan.plans(structures), rulings: rulings, rulingFeatures: try rulingFeatures(),
                              maxSpineBytes: maxSpineBytes, window: options.window, subjectOf: { name in
            try corpus.drillSubjects(fixture: name, after: nil, limit: 1).first
        })
    }

    // MARK: - Results

    private func finish(_ outcome: ExploreOutcome, _ started: Date) -> ExploreOutcome {
        var outcome = outcome
        outcome.durationMilliseconds = Int(Date().timeIntervalSince(started) * 1000)
        return outcome
    }

    static func finding(_ record: StoredExploreFinding, actions: [ActionDraft]) -> ExploreOutcome.Finding {
        ExploreOutcome.Finding(name: record.name, feature: record.feature, kind: record.kind, step: record.step, path: record.path,
                               message: record.message, signature: record.signature, occurrences: record.occurrences,
                               explored: record.explored, shrunk: record.shrunk, startFixture: record.startFixture ?? "",
                               startStep: record.startStep, actions: actions.map { $0.value.canonicalString },
                               answers: record.answers.filter { $0.step == record.step }, replay: "duet explore --replay \(record.name)")
    }

    static func stored(_ outcome: ExploreOutcome, findings: [StoredExploreFinding]) -> StoredExploreRun {
        StoredExploreRun(startedAt: outcome.startedAt, platforms: outcome.platforms, scope: outcome.feature == nil ? .full : .filtered,
                         filter: outcome.feature.map { "feature \($0)" }, status: outcome.holds ? "passed" : "failed", seed: outcome.options.seed,
                         budget: outcome.options.budget, depth: outcome.options.depth, steps: outcome.steps, walks: outcome.walks,
                         restores: outcome.restoredWalks, runnerFailure: outcome.runnerFailure, durationMilliseconds: outcome.durationMilliseconds,
                         coverage: outcome.coverage, findings: findings)
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}

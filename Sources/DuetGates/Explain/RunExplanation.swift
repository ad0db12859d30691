import Duet
import DuetCorpus
import DuetManifest
import DuetReplay

/// A stored run as `duet explain` shows it again, replaying nothing: the run's failures rebuilt
/// into the outcome its gate rendered (`verify` or `drill`), with what the run judged and which of
/// those inputs differ now — a run judged on other inputs is a past run, not a result about now.
///
/// ```swift
/// let explanation = try RunExplanation.of(.latest, corpus: corpus, manifest: manifest)
/// explanation?.verify?.runs.first?.results   // the stored failures, as verify reported them
/// explanation?.treeChanged                   // [.fixtures]: the fixture set changed since
/// ```
public struct RunExplanation: Sendable {
    public var gate: RunReference.Gate
    public var id: Int64
    public var platform: String
    /// `full`, or the filters that narrowed the run (`feature=timeline`, `shard 2/3`).
    public var scope: String
    public var startedAt: String
    /// The command that started the runner.
    public var runner: String
    /// What the run judged; nil for a run stored before results named their inputs.
    public var inputs: ResultInputs?
    /// The tree's inputs (fixture set, manifest, structures) that differ from what the run judged;
    /// all of them when the run did not record its inputs.
    public var treeChanged: [ResultInputs.Input]
    public var runnerNow: RunnerNow
    /// The run rebuilt as verify's outcome: one platform, the failures in full (passes are counted, not listed).
    public var verify: VerifyOutcome?
    public var verifyCounts: StoredRunCounts?
    /// The run rebuilt as the drill's outcome: one platform, every finding (ruled ones too).
    public var drill: DrillOutcome?
    public var drillCounts: StoredDrillCounts?
    /// The run held: it judged fixtures, found nothing and its runner held up.
    public var held: Bool

    /// Whether the runner the tree names now is the one that judged the run — found without starting it.
    public enum RunnerNow: Sendable, Equatable {
        /// The same command, and the same executable (its hash equals the stored build).
        case same(String)
        /// Another command, another executable, or no runner named for the platform now.
        case changed(String)
        /// Nothing says either way: the runner would have to be started (a launcher, a script, a runner that sends its own build).
        case notChecked(String)
    }

    /// The tree and, as far as can be told, the runner are what the run judged.
    public var standsForNow: Bool {
        guard treeChanged.isEmpty else { return false }
        if case .changed = runnerNow { return false }
        return true
    }
}

/// How a stored verify run counted, kept beside its failures: its passes are not rows.
public struct StoredRunCounts: Sendable, Equatable {
    /// The run's stored status was `passed`.
    public var held: Bool
    public var passed: Int, failed: Int, notRun: Int
    /// Steps of the fixtures the run replayed (a pass that stood unchanged from an earlier run kept no step count here).
    public var stepsReplayed: Int
    public var reused: Int
}

/// How a stored drill run counted (the requests it made are not stored).
public struct StoredDrillCounts: Sendable, Equatable {
    /// The run's stored status was `passed`.
    public var held: Bool
    public var fixtures: Int, snapshots: Int, steps: Int
}

/// A stored run named by `duet explain --run`: `12` (verify or drill, whichever has that id), `verify:12`, `drill:12`.
public struct RunReference: Sendable, Equatable, CustomStringConvertible {
    public enum Gate: String, Sendable, CaseIterable { case verify, drill }
    public var gate: Gate?
    public var id: Int64

    public init(gate: Gate?, id: Int64) { self.gate = gate; self.id = id }

    /// nil when `text` is not `N`, `verify:N` or `drill:N` with N a positive number.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let id = Int64(parts.last!), id > 0 else { return nil }
        if parts.count == 2 {
            guard let gate = Gate(rawValue: String(parts[0])) else { return nil }
            self.gate = gate
        } else {
            gate = nil
        }
        self.id = id
    }

    public var description: String { (gate.map { "\($0.rawValue):" } ?? "") + String(id) }
}

extension RunExplanation {
    public enum Lookup: Error, Sendable, Equatable {
        /// No stored run has that id.
        case unknown(RunReference)
        /// Both a verify and a drill run have that id.
        case ambiguous(Int64)
    }

    /// The run `reference` names, or the latest stored verify or drill run when it is nil; nil when
    /// no run is stored. `manifest`: the tree's manifest now (its runners and its hash).
    public static func of(_ reference: RunReference?, corpus: Corpus, manifest: Manifest?) throws -> RunExplanation? {
        var verify: StoredRun?, drill: StoredDrillRun?
        if let reference {
            if reference.gate != .drill { verify = try corpus.run(id: reference.id) }
            if reference.gate != .verify { drill = try corpus.drillRun(id: reference.id) }
            if verify != nil && drill != nil { throw Lookup.ambiguous(reference.id) }
            if verify == nil && drill == nil { throw Lookup.unknown(reference) }
        } else {
            verify = try corpus.runs(limit: 1).first
            drill = try corpus.drillRuns(limit: 1).first
            // Timestamps are ISO 8601 in UTC, so they order as strings.
            if let v = verify, let d = drill { if d.startedAt > v.startedAt { verify = nil } else { drill = nil } }
        }
        let manifestPath = manifest.flatMap { $0.file.isEmpty ? nil : $0.file }
        func command(_ platform: String) -> String? {
            RunnerCommands.resolve(platforms: [platform], explicit: nil, manifest: manifest).commands[platform]
        }
        if let run = verify { return try explain(run, corpus: corpus, manifestPath: manifestPath, commandNow: command(run.platform)) }
        if let run = drill { return try explain(run, corpus: corpus, manifestPath: manifestPath, commandNow: command(run.platform)) }
        return nil
    }

    static func explain(_ run: StoredRun, corpus: Corpus, manifestPath: String?, commandNow: String?) throws -> RunExplanation {
        let filters: [RunScope.Filter] = { if case .filtered(let filters)? = run.scope { return filters } else { return [] } }()
        var feature: String?, fixture: String?, shard: ShardSpec?
        for filter in filters {
            switch filter {
            case .feature(let name): feature = name
            case .fixture(let name): fixture = name
            case .shard(let index, let count): shard = try? ShardSpec(index: index, count: count)
            }
        }
        let now = try currentInputs(corpus: corpus, gate: .verify, platform: run.platform, feature: feature, fixture: fixture,
                                    shard: shard, manifestPath: manifestPath)
        let results = run.results.filter { $0.status != "passed" }.map(Self.fixtureResult)
        let verifyRun = VerifyRun(platform: run.platform, runner: run.runner, results: results,
                                  runnerFailure: run.runnerFailure.map { Self.runnerFailure($0, runner: run.runner) },
                                  startedAt: run.startedAt, durationMilliseconds: run.durationMilliseconds)
        var outcome = VerifyOutcome(missingRunners: [], fixtureCount: run.fixtureCount, scope: run.scope ?? .full)
        outcome.runs = [verifyRun]
        outcome.stored = [run]
        outcome.reuse[run.platform] = Self.reuse(id: run.id, replayed: run.replayedCount, reused: run.reusedCount, since: run.reusedSince,
                                                 inputs: run.inputs)
        let counts = StoredRunCounts(held: run.status == "passed", passed: run.passedCount, failed: run.failedCount, notRun: run.notRunCount,
                                     stepsReplayed: run.results.reduce(0) { $0 + $1.stepsRun }, reused: run.reusedCount)
        return RunExplanation(gate: .verify, id: run.id ?? 0, platform: run.platform, scope: run.scope?.stored ?? "not recorded",
                              startedAt: run.startedAt, runner: run.runner, inputs: run.inputs,
                              treeChanged: Self.changed(run.inputs, now), runnerNow: Self.runnerNow(run.runner, build: run.inputs?.runner?.build, commandNow),
                              verify: outcome, verifyCounts: counts, drill: nil, drillCounts: nil,
                              held: run.status == "passed" && run.fixtureCount > 0 && run.runnerFailure == nil)
    }

    static func explain(_ run: StoredDrillRun, corpus: Corpus, manifestPath: String?, commandNow: String?) throws -> RunExplanation {
        // The drill stores its filter as `feature F, fixture NAME, shard K/N`.
        var feature: String?, fixture: String?, shard: ShardSpec?
        for part in (run.filter ?? "").split(separator: ",").map({ $0.split(separator: " ", maxSplits: 1).map(String.init) }) where part.count == 2 {
            switch part[0] {
            case "feature": feature = part[1]
            case "fixture": fixture = part[1]
            case "shard": shard = try? ShardSpec(parsing: part[1])
            default: break
            }
        }
        let now = try currentInputs(corpus: corpus, gate: .drill, platform: run.platform, feature: feature, fixture: fixture,
                                    shard: shard, manifestPath: manifestPath)
        var byFixture: [String: DrillFixtureResult] = [:]
        for stored in run.findings {
            let finding = DrillFinding(fixture: stored.fixture, step: stored.step, node: stored.node,
                                       rule: DrillFinding.Rule(rawValue: stored.rule) ?? .malformed, path: stored.path,
                                       expected: stored.expected, actual: stored.actual,
                                       message: DrillFinding.Rule(rawValue: stored.rule) == nil ? "(\(stored.rule)) " + (stored.message ?? "") : stored.message ?? "")
            var result = byFixture[stored.fixture] ?? DrillFixtureResult(fixture: stored.fixture, snapshots: 0, steps: 0, emptySpine: false, findings: [])
            if let reason = stored.ruling {
                result.ruled.append(RuledFinding(finding: finding, ruling: DrillRuling(fixture: stored.fixture, rule: stored.rule, reason: reason, since: "")))
            } else {
                result.findings.append(finding)
            }
            byFixture[stored.fixture] = result
        }
        let drillRun = DrillRun(platform: run.platform, runner: run.runner, results: byFixture.keys.sorted().map { byFixture[$0]! },
                                runnerFailure: run.runnerFailure.map { Self.runnerFailure($0, runner: run.runner) },
                                startedAt: run.startedAt, durationMilliseconds: run.durationMilliseconds, requests: 0)
        var outcome = DrillOutcome(runs: [drillRun], missingRunners: [], fixtureCount: run.fixtureCount, filter: run.filter)
        outcome.reuse[run.platform] = Self.reuse(id: run.id, replayed: run.fixtureCount - run.reusedCount, reused: run.reusedCount,
                                                 since: run.reusedSince, inputs: run.inputs)
        return RunExplanation(gate: .drill, id: run.id ?? 0, platform: run.platform, scope: run.scope == .full ? "full" : run.filter ?? "filtered",
                              startedAt: run.startedAt, runner: run.runner, inputs: run.inputs,
                              treeChanged: Self.changed(run.inputs, now), runnerNow: Self.runnerNow(run.runner, build: run.inputs?.runner?.build, commandNow),
                              verify: nil, verifyCounts: nil, drill: outcome,
                              drillCounts: StoredDrillCounts(held: run.status == "passed", fixtures: run.fixtureCount, snapshots: run.snapshotCount, steps: run.stepCount),
                              held: run.status == "passed" && run.fixtureCount > 0 && run.runnerFailure == nil)
    }

    /// What a run over the same selection would judge now (no runner part).
    static func currentInputs(corpus: Corpus, gate: CachedGate, platform: String, feature: String?, fixture: String?, shard: ShardSpec?,
                              manifestPath: String?) throws -> ResultInputs {
        var selected = try corpus.cachedFixtures(gate: gate, platform: platform, judgedWith: nil, feature: feature, fixture: fixture).map(\.fingerprint)
        if let shard, let plan = try? corpus.shardPlan(shard) {
            let members = Set(plan.fixtures)
            selected = selected.filter { members.contains($0.name) }
        }
        return try corpus.inputs(judging: selected, manifestPath: manifestPath)
    }

    static func changed(_ judged: ResultInputs?, _ now: ResultInputs) -> [ResultInputs.Input] {
        let tree: [ResultInputs.Input] = [.fixtures, .manifest, .structures]
        return judged?.changed(to: now, among: tree) ?? tree
    }

    /// The runner the manifest names now against the one that judged: the command, then — for a
    /// native executable — its hash, which is what the build of a runner on DuetRunner is.
    static func runnerNow(_ command: String, build: String?, _ commandNow: String?) -> RunExplanation.RunnerNow {
        guard let commandNow else { return .changed("no runner is named for this platform now (the run used `\(command)`)") }
        guard commandNow == command else { return .changed("the runner command is `\(commandNow)` now (the run used `\(command)`)") }
        guard let build else { return .notChecked("the run's runner was not identified, so nothing says it is the same") }
        switch RunnerBuild.ofCommand(command) {
        case .executable(let hash):
            return build == hash || build == "exe:" + hash
                ? .same("`\(command)`, build \(ResultInputs.short(build)): the same executable")
                : .changed("`\(command)` is another build now (exe:\(ResultInputs.short(hash)); the run's: \(ResultInputs.short(build)))")
        case .sent, .unidentified:
            return .notChecked("`\(command)` is the same command; its build (\(ResultInputs.short(build))) is known only by starting it")
        }
    }

    static func reuse(id: Int64?, replayed: Int, reused: Int, since: Int64?, inputs: ResultInputs?) -> ReuseSummary {
        let build: RunnerBuild = inputs?.runner?.build.map { $0.hasPrefix("exe:") ? .executable(String($0.dropFirst(4))) : .sent($0) }
            ?? .unidentified("not recorded")
        return ReuseSummary(run: id, replayed: replayed, reused: reused, since: since,
                            identity: RunnerIdentity(build: build, describe: inputs?.runner?.describe, structures: nil))
    }

    static func fixtureResult(_ stored: StoredFixtureResult) -> FixtureResult {
        let divergence = stored.path.map { Divergence(path: $0, expected: stored.expected, actual: stored.actual) }
        let kind = stored.failureKind.flatMap(FixtureFailure.Kind.init(rawValue:)) ?? .malformed
        let failure = FixtureFailure(kind: kind, step: stored.step, label: stored.label, action: stored.action, divergence: divergence,
                                     message: stored.message ?? "", source: stored.source, actualState: stored.actualState)
        return FixtureResult(fixture: stored.fixture, status: stored.status == "passed" ? .passed : .failed, stepsRun: stored.stepsRun,
                             failure: stored.status == "passed" ? nil : failure)
    }

    /// The stored text is the failure's description (`runner `CMD`: MESSAGE`); its kind is not kept,
    /// and only the text is rendered.
    static func runnerFailure(_ text: String, runner: String) -> RunnerFailure {
        let prefix = "runner `\(runner)`: "
        return RunnerFailure(kind: .exited, runner: runner, message: text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text)
    }
}

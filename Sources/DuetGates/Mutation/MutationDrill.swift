import Foundation
import Duet
import DuetCorpus
import DuetReplay
import DuetFixtures

/// `duet mutate`: shows the gate catches change. Each row of `parity/mutations.json` is applied
/// to a copy of the sources (`MutationWorkspace`), that platform's runner is rebuilt there and
/// every stored fixture is replayed through it; the row holds when some fixture turns red.
/// The unmutated copy must be green first, on every platform a row targets, or nothing is tried.
/// Replays of mutants are not stored: they are not runs of the app.
///
/// ```swift
/// let drill = MutationDrill(corpus: corpus, repository: "/repo", plan: try MutationPlan.read(path: plan),
///                           runners: manifest.runners, workspace: "/repo/.build/duet-mutate")
/// let outcome = try drill.run()
/// outcome.rows.filter { $0.verdict != .caught }.map(\.name)   // what the gate does not see
/// ```
public struct MutationDrill {
    public let corpus: Corpus
    public let repository: String
    public let plan: MutationPlan
    /// Platform → runner command, started in the copy's root (`runners:` of the manifest).
    public let runners: [String: String]
    public let workspace: String
    public var timeout: Double = 10
    public var startupTimeout: Double = 300
    /// `--explore BUDGET`: each mutant the fixtures let through is explored with this many steps,
    /// the mutated platform against the others (unmutated); nil: fixtures only.
    public var exploreBudget: Int?
    public var exploreSeed: UInt64 = 1

    public init(corpus: Corpus, repository: String, plan: MutationPlan, runners: [String: String], workspace: String) {
        self.corpus = corpus; self.repository = repository; self.plan = plan; self.runners = runners; self.workspace = workspace
    }

    /// `only` names the rows to try (all when nil); `progress` gets a line per phase.
    public func run(only: [String]? = nil, progress: ((_ what: String, _ done: Int, _ total: Int) -> Void)? = nil) throws -> MutationOutcome {
        let started = Date()
        var outcome = MutationOutcome(workspace: workspace)
        let rows = try selected(only)
        let fixtures = try corpus.fixtures()
        outcome.fixtureCount = fixtures.count
        var sites: [String: MutationSite] = [:]
        for row in rows {
            let platform = plan.platform(of: row.file) ?? "?"
            var entry = MutationOutcome.Row(name: row.name, file: row.file, line: nil, platform: platform, about: row.about, verdict: .notRun)
            entry.equivalent = row.equivalent
            switch locate(row) {
            case .success(let site): sites[row.name] = site; entry.line = site.line
            case .failure(let stale): entry.verdict = .stale; entry.detail = stale.message
            }
            outcome.rows.append(entry)
        }
        guard !fixtures.isEmpty else {
            outcome.stoppedBy = "no stored fixture: nothing could catch a mutant — record fixtures first"
            return finish(outcome, started)
        }
        outcome.exploreBudget = exploreBudget
        // Explore compares platforms: every platform of the plan is built and must be green.
        let targeted = Set(outcome.rows.filter { $0.verdict != .stale }.map(\.platform))
        let platforms = (exploreBudget == nil || targeted.isEmpty ? targeted : targeted.union(plan.platforms.keys)).sorted()
        if let missing = platforms.first(where: { runners[$0] == nil }) {
            outcome.stoppedBy = "no runner for \(missing) — set runners.\(missing) in parity/manifest.yaml"
            outcome.stoppedByEnvironment = true
            return finish(outcome, started)
        }
        guard !platforms.isEmpty else { return finish(outcome, started) }
        let copy = try MutationWorkspace(repository: repository, copy: workspace)
        progress?("mutate: copying the sources to \(workspace)", 0, 1)
        outcome.filesSynced = try copy.sync()
        outcome.linksNotCopied = copy.linksNotCopied

        for platform in platforms {
            progress?("mutate: \(platform) baseline (building the unmutated copy)", 0, 1)
            let baseline = try self.baseline(platform, fixtures: fixtures, copy: copy)
            outcome.baselines.append(baseline)
            guard baseline.passed else {
                outcome.stoppedBy = "the unmutated \(platform) copy is not green — \(baseline.detail ?? "") — make `duet verify` hold first"
                outcome.stoppedByEnvironment = baseline.failing.isEmpty
                return finish(outcome, started)
            }
        }
        if exploreBudget != nil {
            progress?("mutate: explore of the unmutated copy", 0, 1)
            let baseline = try explore(platforms: platforms, copy: copy)
            outcome.exploreBaseline = baseline
            guard !baseline.caught else {
                outcome.stoppedBy = "explore finds the unmutated copy's platforms disagreeing (\(baseline.kind ?? "?") at \(baseline.at ?? "?"): \(baseline.message ?? "")) — make `duet explore` hold first"
                return finish(outcome, started)
            }
        }
        let total = outcome.rows.count { $0.verdict == .notRun }
        var done = 0
        for index in outcome.rows.indices where outcome.rows[index].verdict == .notRun {
            let row = rows[index]
            progress?("mutate: \(row.name)", done, total)
            outcome.rows[index] = try attempt(row, site: sites[row.name]!, entry: outcome.rows[index], fixtures: fixtures, copy: copy)
            done += 1
            progress?("mutate: \(row.name) \(outcome.rows[index].verdict.rawValue)", done, total)
        }
        return finish(outcome, started)
    }

    private func finish(_ outcome: MutationOutcome, _ started: Date) -> MutationOutcome {
        var outcome = outcome
        outcome.milliseconds = Int(Date().timeIntervalSince(started) * 1000)
        return outcome
    }

    private func selected(_ only: [String]?) throws -> [MutationPlan.Mutation] {
        guard let only else { return plan.mutations }
        let known = Set(plan.mutations.map(\.name))
        if let unknown = only.first(where: { !known.contains($0) }) {
            throw InputError(file: MutationPlan.relativePath, message: "no row named \(unknown)",
                             fix: "rows: " + NameList.shortened(plan.mutations.map(\.name), limit: 20))
        }
        return plan.mutations.filter { only.contains($0.name) }
    }

    private struct Stale: Error { var message: String }

    private func locate(_ row: MutationPlan.Mutation) -> Result<MutationSite, Stale> {
        if let link = MutationWorkspace.symbolicLink(on: row.file, in: repository) {
            return .failure(Stale(message: "\(row.file) goes through the symbolic link \(link), and the copy holds no links — name the file at its real place"))
        }
        guard let data = FileManager.default.contents(atPath: repository + "/" + row.file) else {
            return .failure(Stale(message: "\(row.file) does not exist — update the row's file, or remove the row"))
        }
        let site = MutationSite.locate(Array(data), old: Array(row.old.utf8))
        switch site.occurrences {
        case 1: return .success(site)
        case 0: return .failure(Stale(message: "old occurs nowhere in \(row.file): the code moved on — update the row, or remove it"))
        default:
            let lines = site.offsets.map { offset in data[..<offset].count { $0 == UInt8(ascii: "\n") } + 1 }
            return .failure(Stale(message: "old occurs \(site.occurrences) times in \(row.file) (lines \(lines.map(String.init).joined(separator: ", "))) — lengthen it until it names one place"))
        }
    }

    private func build(_ platform: String, in copy: MutationWorkspace) throws -> ShellCommand? {
        guard let command = plan.platforms[platform]?.build else { return nil }
        return try ShellCommand.run(command, in: copy.copy)
    }

    private func replay(_ platform: String, fixtures: [Fixture], copy: MutationWorkspace) -> VerifyRun {
        let command = "cd \(RunnerCommands.shellQuoted(copy.copy)) && \(runners[platform]!)"
        return ParallelReplayer(command: command, platform: platform, processes: 1, timeout: timeout, startupTimeout: startupTimeout)
            .verify(fixtures)
    }

    private func baseline(_ platform: String, fixtures: [Fixture], copy: MutationWorkspace) throws -> MutationOutcome.Baseline {
        var baseline = MutationOutcome.Baseline(platform: platform, passed: false, fixtures: fixtures.count, failing: [],
                                                buildMilliseconds: 0, verifyMilliseconds: 0)
        if let build = try build(platform, in: copy) {
            baseline.buildMilliseconds = build.milliseconds
            guard build.succeeded else {
                baseline.detail = "`\(plan.platforms[platform]?.build ?? "")` failed (exit \(build.status)): \(build.errors())"
                return baseline
            }
        }
        let run = replay(platform, fixtures: fixtures, copy: copy)
        baseline.verifyMilliseconds = run.durationMilliseconds
        baseline.failing = run.results.filter { $0.status != .passed }.map(\.fixture)
        baseline.passed = run.passed
        if let failure = run.runnerFailure {
            baseline.detail = "the runner failed: \(failure)"
            baseline.failing = []
        } else if !run.passed {
            baseline.detail = "\(baseline.failing.count) fixture(s) fail: \(NameList.shortened(baseline.failing))"
        }
        return baseline
    }

    private func attempt(_ row: MutationPlan.Mutation, site: MutationSite, entry: MutationOutcome.Row, fixtures: [Fixture],
                         copy: MutationWorkspace) throws -> MutationOutcome.Row {
        var entry = entry
        try copy.write(row.file, site.apply(new: Array(row.new.utf8)))
        // The original goes back whatever happens next; a kill before this leaves only the copy mutated, and the next sync restores it.
        defer { try? copy.write(row.file, site.original) }
        if let build = try build(entry.platform, in: copy) {
            entry.buildMilliseconds = build.milliseconds
            guard build.succeeded else {
                entry.verdict = .unbuildable
                entry.detail = "the mutant does not build — fix the row's new text: \(build.errors())"
                return entry
            }
        }
        let run = replay(entry.platform, fixtures: fixtures, copy: copy)
        entry.verifyMilliseconds = run.durationMilliseconds
        entry.caughtBy = run.results.filter { $0.status != .passed && $0.failure?.kind != .notRun }.map { result in
            MutationOutcome.Catch(fixture: result.fixture, kind: result.failure?.kind.rawValue ?? "failed", step: result.failure?.step,
                                  path: result.failure?.divergence?.path)
        }
        entry.verdict = entry.caughtBy.isEmpty && run.runnerFailure == nil ? .survived : .caught
        entry.detail = run.runnerFailure.map { "the mutant's runner failed: \($0)" }
        if entry.verdict == .survived, exploreBudget != nil {
            entry.explore = try explore(platforms: plan.platforms.keys.filter { runners[$0] != nil }.sorted(), copy: copy)
        }
        return entry
    }
}

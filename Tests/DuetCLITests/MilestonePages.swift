import DuetFixtures
import Foundation
import Duet
import DuetCorpus
import DuetManifest
@testable import DuetCLI

/// Three milestones of Memory Lane as recorded (the committed seed), with runs stored as a team's
/// would be: beta-1 before the invite and deep-link fixtures existed, all green; beta-2 with them,
/// where kotlin opens the invite sheet on the profile tab (verify and drill fail); beta-3 green again.
/// `red` is beta-2's page, `green` beta-3's, each with its trend.
struct MilestonePages: Sendable {
    var red: String
    var green: String
    var redReport: MilestoneReport
    /// beta-2's page with duet's own map layout, whatever is installed.
    var redOwnLayout: String

    static let built: Result<MilestonePages, any Error> = Result { try build() }

    static func build() throws -> MilestonePages {
        let folder = try temporaryDirectory()
        let corpus = try Corpus.load(seed: packageRoot.appendingPathComponent("corpus.db.seed").path,
                                     into: folder.appendingPathComponent("corpus.db").path)
        let manifest = try Manifest.load(path: packageRoot.appendingPathComponent("parity/manifest.yaml").path)
        let tree = RecordTree(root: folder.path)
        let held = try corpus.fixtures().filter { $0.name.hasPrefix("mainnav.invite.") || $0.name.hasPrefix("shared.deep-link.") }
        let diverging = held.filter { $0.name.hasPrefix("mainnav.invite.") && $0.name != "mainnav.invite.nothing-showing" }

        var inputs = MilestoneInputs()
        inputs.build = MilestoneBuild(commit: "4f1c2a9e7b3d5f60718293a4b5c6d7e8f9012345", modified: false, duet: "0.1.0", toolchain: "swift 6.3")
        func stamp(_ day: Int, _ minute: Int = 0) -> String { "2026-07-0\(day)T09:\(10 + minute):00.000Z" }

        try corpus.deleteFixtures(named: held.map(\.name))
        try storeGreen(corpus, day: stamp(1))
        _ = try corpus.recordMilestone(named: "beta-1", manifest: manifest, inputs: inputs, now: date(1), tree: tree)

        try corpus.upsertFixtures(held)
        try storeGreen(corpus, day: stamp(2), except: "kotlin")
        try storeDivergentKotlin(corpus, diverging: diverging, day: stamp(2, 1))
        let (redReport, _) = try corpus.recordMilestone(named: "beta-2", manifest: manifest, inputs: inputs, now: date(2), tree: tree)

        try storeGreen(corpus, day: stamp(3))
        let (greenReport, _) = try corpus.recordMilestone(named: "beta-3", manifest: manifest, inputs: inputs, now: date(3), tree: tree)

        let drawer = try MapDrawer(engine: .auto, path: ProcessInfo.processInfo.environment["PATH"])
        return MilestonePages(
            red: redReport.html(MilestonePage(trend: try corpus.milestoneTrend(through: redReport), drawer: drawer)),
            green: greenReport.html(MilestonePage(trend: try corpus.milestoneTrend(through: greenReport), drawer: drawer)),
            redReport: redReport,
            redOwnLayout: redReport.html(MilestonePage(trend: try corpus.milestoneTrend(through: redReport), drawer: try MapDrawer(engine: .duet, path: nil))))
    }

    private static func date(_ day: Int) -> Date { Date(timeIntervalSince1970: 1_782_900_000 + Double(day) * 86_400) }

    /// Full verify and drill runs that pass, for both platforms (or all but one).
    private static func storeGreen(_ corpus: Corpus, day: String, except: String? = nil) throws {
        let names = try corpus.fixtures().map(\.name)
        for platform in ["kotlin", "swift"] where platform != except {
            var run = StoredRun(startedAt: day, platform: platform, runner: "cd '/home/someone/memory-lane' && \(runner(platform))",
                                status: "passed", scope: .full, fixtureCount: names.count, passedCount: names.count, failedCount: 0,
                                notRunCount: 0, runnerFailure: nil, durationMilliseconds: 900,
                                results: names.map { StoredFixtureResult(fixture: $0, status: "passed", stepsRun: 1) })
            run.inputs = try judged(corpus, platform)
            try corpus.storeRun(run)
            try corpus.storeDrillRun(StoredDrillRun(startedAt: day, platform: platform, runner: runner(platform), scope: .full, filter: nil,
                                                    status: "passed", fixtureCount: names.count, snapshotCount: 849, stepCount: 658,
                                                    maxSpineBytes: 200, runnerFailure: nil, durationMilliseconds: 1200, findings: [],
                                                    inputs: try judged(corpus, platform)))
        }
    }

    /// What a run made now judges: the corpus's fixtures as they are, by a runner that reported its build (swift's only).
    private static func judged(_ corpus: Corpus, _ platform: String) throws -> ResultInputs {
        var inputs = try corpus.currentInputs(manifestPath: packageRoot.appendingPathComponent("parity/manifest.yaml").path)
        inputs.runner = .init(build: platform == "swift" ? "9b1f04c2d7e8a6b5c4d3e2f1a0b9c8d7" : nil, describe: "d1")
        return inputs
    }

    private static func runner(_ platform: String) -> String {
        platform == "swift" ? "swift run -q memorylane-runner" : "kotlin/build/memorylane-runner"
    }

    /// kotlin answers the invite sheet on the profile tab: its verify and its drill fail those fixtures.
    private static func storeDivergentKotlin(_ corpus: Corpus, diverging: [Fixture], day: String) throws {
        let names = try corpus.fixtures().map(\.name)
        var results: [StoredFixtureResult] = [], findings: [StoredDrillFinding] = []
        for name in names {
            guard let fixture = diverging.first(where: { $0.name == name }),
                  let step = fixture.steps.firstIndex(where: { $0.action["case"]?.stringValue == "inviteRequested" }),
                  case .object(var state)? = fixture.steps[step].expectedState else {
                results.append(StoredFixtureResult(fixture: name, status: "passed", stepsRun: 1))
                continue
            }
            state["activeTab"] = try CanonicalJSON.parse(#"{"case":"profile"}"#)
            let source = fixture.scenarioSource.map { source in fixture.steps[step].line.map { "\(source):\($0)" } ?? source }
            results.append(StoredFixtureResult(fixture: name, status: "failed", stepsRun: step, failureKind: "state", step: step,
                                               label: fixture.steps[step].label, action: fixture.steps[step].action.canonicalString,
                                               path: "activeTab.case", expected: #""myLane""#, actual: #""profile""#, message: "state diverged",
                                               source: source, actualState: JSONValue.object(state).canonicalBytes))
            findings.append(StoredDrillFinding(fixture: name, step: step, node: "mainnav", rule: "carry-on", path: "activeTab.case",
                                               expected: #""myLane""#, actual: #""profile""#,
                                               message: "killed after step \(step) and relaunched; going on, the spine differs from the recording"))
        }
        let failed = results.count { $0.status == "failed" }
        var run = StoredRun(startedAt: day, platform: "kotlin", runner: "cd '/home/someone/memory-lane' && kotlin/build/memorylane-runner",
                            status: "failed", scope: .full, fixtureCount: names.count, passedCount: names.count - failed,
                            failedCount: failed, notRunCount: 0, runnerFailure: nil, durationMilliseconds: 2100, results: results)
        run.inputs = try judged(corpus, "kotlin")
        try corpus.storeRun(run)
        try corpus.storeDrillRun(StoredDrillRun(startedAt: day, platform: "kotlin", runner: "kotlin/build/memorylane-runner", scope: .full,
                                                filter: nil, status: "failed", fixtureCount: names.count, snapshotCount: 849, stepCount: 658,
                                                maxSpineBytes: 200, runnerFailure: nil, durationMilliseconds: 3800, findings: findings,
                                                inputs: try judged(corpus, "kotlin")))
    }
}

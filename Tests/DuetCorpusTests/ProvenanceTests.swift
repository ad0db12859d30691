import DuetFixtures
import XCTest
import Duet
import DuetAudit
import DuetCorpusSamples
@testable import DuetCorpus

/// Every stored result names what it judged, and a result judged on other inputs does not stand for now.
final class ProvenanceTests: XCTestCase {
    private typealias Q = QuestionsCorpus
    private let day = Date(timeIntervalSince1970: 1_780_000_000)

    private func chain() -> Fixture {
        Fixture(name: "chain-open", chain: "open", dialect: 2, description: "opens and comes back", scenarioSource: "Chains.swift",
                initialStates: try! JSONObject([("a", Q.json(#"{"n":0}"#)), ("b", Q.json(#"{"m":0}"#))]), steps: [
            FixtureStep(node: "a", label: "open", line: 3, action: Q.json(#"{"case":"open"}"#), expectedState: nil,
                        expectedEffects: Q.json(#"[{"kind":"run","payload":{"case":"go"}}]"#), linkToNext: true),
            FixtureStep(node: "b", label: "go", line: 4, action: Q.json(#"{"case":"go"}"#), expectedState: nil, expectedEffects: .array([])),
        ])
    }

    private func fixtureSet(_ fixtures: [Fixture]) throws -> String {
        let corpus = try Corpus.temporary()
        try corpus.upsertFixtures(fixtures)
        return try corpus.currentInputs(manifestPath: nil).fixtures
    }

    func testTheFixtureSetIsItsBehaviourNotItsMetadata() throws {
        let leaf = Q.fixtures[1], chain = chain()
        let base = try fixtureSet([leaf, chain])
        var relabelled = leaf
        relabelled.description = "another description"
        relabelled.dialect = 2
        relabelled.scenarioSource = "Elsewhere.swift"
        relabelled.scenarioBranch = "b"
        relabelled.steps[0].label = "a new label"
        relabelled.steps[0].line = 99
        var relinked = chain
        relinked.steps[0].label = "relabelled"
        relinked.steps[0].line = 40
        relinked.steps[0].linkToNext = nil
        relinked.description = nil
        XCTAssertEqual(try fixtureSet([relabelled, relinked]), base, "labels, lines, description, source, branch, dialect, linkToNext do not count")

        // Negative controls: each behavioural part changes it.
        var state = leaf
        state.steps[0].expectedState = Q.json(#"{"activeTab":"profile"}"#)
        var effects = leaf
        effects.steps[1].expectedEffects = Q.json(#"[{"kind":"cancel","id":"x"}]"#)
        var action = leaf
        action.steps[2].action = Q.json(#"{"case":"other"}"#)
        var initial = leaf
        initial.initialState = Q.json(#"{"activeTab":"profile"}"#)
        var node = chain
        node.steps[1].node = "c"
        var initialStates = chain
        initialStates.initialStates?["b"] = Q.json(#"{"m":1}"#)
        for changed in [[state, chain], [effects, chain], [action, chain], [initial, chain], [leaf, node], [leaf, initialStates]] {
            XCTAssertNotEqual(try fixtureSet(changed), base, "\(changed.map(\.name))")
        }
        // The hash `runs import` checks shards against is the same computation.
        let corpus = try Corpus.temporary()
        try corpus.upsertFixtures([leaf, chain])
        XCTAssertEqual(try corpus.contentHash().hash.hex, base)
    }

    func testAPassIsReusedOnlyForTheSameBehaviourAndRunner() throws {
        let corpus = try Q.make()
        let key = try XCTUnwrap(CachedGate.verifyKey(build: "b1", command: "./runner", describe: "d1"))
        let names = Q.fixtures.map(\.name)
        try corpus.recordFixturePasses(gate: .verify, platform: "swift", run: 7, judgedWith: key,
                                       passed: names.map { FixturePassed(fixture: $0, steps: 3) }, failed: [])
        func reusable(_ key: ContentHash?, gate: CachedGate = .verify, platform: String = "swift") throws -> [String] {
            try corpus.cachedFixtures(gate: gate, platform: platform, judgedWith: key).filter { $0.pass != nil }.map(\.fingerprint.name)
        }
        XCTAssertEqual(try reusable(key), names.sorted(by: CanonicalOrder.precedes))
        XCTAssertEqual(try corpus.cachedFixtures(gate: .verify, platform: "swift", judgedWith: key).first?.pass?.run, 7)
        // Another build, command or describe answer, another platform or gate, or none (unidentified): nothing is reused.
        XCTAssertEqual(try reusable(CachedGate.verifyKey(build: "b2", command: "./runner", describe: "d1")), [])
        XCTAssertEqual(try reusable(CachedGate.verifyKey(build: "b1", command: "./runner --fast", describe: "d1")), [])
        XCTAssertEqual(try reusable(CachedGate.verifyKey(build: "b1", command: "./runner", describe: "d2")), [])
        XCTAssertEqual(try reusable(key, platform: "kotlin"), [])
        XCTAssertEqual(try reusable(key, gate: .drill), [])
        XCTAssertNil(CachedGate.verifyKey(build: nil, command: "./runner", describe: "d1"))
        XCTAssertEqual(try reusable(nil), [])

        // A behaviour change, a failure and a deletion each drop the fixture's pass; a metadata change does not.
        var relabelled = Q.fixtures[0]
        relabelled.steps[0].label = "relabelled"
        var changed = Q.fixtures[1]
        changed.steps[0].expectedState = Q.json(#"{"activeTab":"profile"}"#)
        try corpus.upsertFixtures([relabelled, changed])
        try corpus.recordFixturePasses(gate: .verify, platform: "swift", run: 8, judgedWith: key, passed: [], failed: [Q.fixtures[2].name])
        try corpus.deleteFixtures(named: [Q.fixtures[3].name])
        let left = try reusable(key)
        XCTAssertTrue(left.contains(relabelled.name))
        for gone in [changed.name, Q.fixtures[2].name, Q.fixtures[3].name] { XCTAssertFalse(left.contains(gone), gone) }
        XCTAssertEqual(left.count, names.count - 3)
        XCTAssertEqual(Int(try corpus.database.scalarInteger("SELECT count(*) FROM fixture_passes") ?? 0), names.count - 2,
                       "one row per fixture, updated in place (the changed one keeps its old row until it passes again)")

        // An unidentified runner keeps nothing, and forgets what it replayed.
        try corpus.recordFixturePasses(gate: .verify, platform: "swift", run: 9, judgedWith: nil,
                                       passed: [FixturePassed(fixture: relabelled.name, steps: 3)], failed: [])
        XCTAssertFalse(try reusable(key).contains(relabelled.name))
    }

    func testARunOnOtherFixturesIsStaleNeverHolding() throws {
        let corpus = try Q.make()
        try Q.storeRun(corpus, "swift", scope: .full, at: "2026-06-01T00:00:00.000Z")
        let standing = try corpus.milestoneReport(named: "m", manifest: Q.manifest(), now: day)
        XCTAssertEqual(standing.verify.map(\.status), ["passed"])
        XCTAssertEqual(standing.checks.first { $0.name == "verify swift" }?.status, .holds)

        // A metadata-only change leaves the run standing (control) …
        var relabelled = Q.fixtures[0]
        relabelled.steps[0].label = "relabelled"
        relabelled.description = "described"
        try corpus.upsertFixtures([relabelled])
        XCTAssertEqual(try corpus.milestoneReport(named: "m", manifest: Q.manifest(), now: day).verify.map(\.status), ["passed"])

        // … a behaviour change makes it stale.
        var changed = Q.fixtures[0]
        changed.steps[0].expectedState = Q.json(#"{"isEnterCodePresented":true,"phase":"onboarding"}"#)
        try corpus.upsertFixtures([changed])
        let stale = try corpus.milestoneReport(named: "m", manifest: Q.manifest(), now: day)
        XCTAssertEqual(stale.verify, [])
        let check = try XCTUnwrap(stale.checks.first { $0.name == "verify swift" })
        XCTAssertEqual(check.status, .notChecked)
        XCTAssertTrue(check.detail.hasPrefix("stale: the fixtures changed since verify run 1 (2026-06-01T00:00:00.000Z)"), check.detail)
        XCTAssertTrue(stale.holds, "not checked is not failing — and not holding either:")
        XCTAssertTrue(stale.checks.contains { $0.status == .notChecked })
        XCTAssertEqual(stale.inputs?.fixtures, try corpus.currentInputs(manifestPath: nil).fixtures, "the report names what it judged")
    }

    func testAnAuditStandsOnlyOnTheSameSourcesAndStructures() throws {
        let corpus = try Q.make()
        let base = try makeTemporaryDirectory("audit")
        try write("struct Home { func close() { store.send(.sheetDismissed) } }\n", to: base.appendingPathComponent("App/Home.swift"))
        let structures = try corpus.knownStructures()
        let report = try SourceAudit.run(paths: ["App"], relativeTo: base.path, structures: structures, now: day)
        try corpus.storeAudit(report, inputs: try corpus.currentInputs(manifestPath: nil),
                              sources: try ResultInputs.sourcesHash(paths: ["App"], base: base.path), base: base.path)
        let stored = try XCTUnwrap(corpus.latestStoredAudit())
        XCTAssertEqual(try corpus.auditStanding(stored, current: try corpus.currentInputs(manifestPath: nil)), .stands)
        XCTAssertEqual(try corpus.milestoneReport(named: "m", manifest: Q.manifest(), now: day).checks.first { $0.name == "audit" }?.status, .holds)

        try write("struct Home { func close() { sheet = nil } }\n", to: base.appendingPathComponent("App/Home.swift"))
        guard case .stale(let reason) = try corpus.auditStanding(stored, current: try corpus.currentInputs(manifestPath: nil)) else {
            return XCTFail("an edited source must make the audit stale")
        }
        XCTAssertTrue(reason.hasPrefix("stale: the sources changed since audit \(stored.id)"), reason)
        let check = try XCTUnwrap(try corpus.milestoneReport(named: "m", manifest: Q.manifest(), now: day).checks.first { $0.name == "audit" })
        XCTAssertEqual(check.status, .notChecked)
        XCTAssertEqual(check.detail, reason)
    }

    func testStoredResultsListWithWhatTheyJudged() throws {
        let corpus = try Q.make()
        let inputs = try corpus.currentInputs(manifestPath: nil)
        var run = StoredRun(startedAt: "2026-06-01T00:00:00.000Z", platform: "swift", runner: "./runner", status: "passed", scope: .full,
                            fixtureCount: 2, passedCount: 2, failedCount: 0, notRunCount: 0, runnerFailure: nil, durationMilliseconds: 1,
                            results: [StoredFixtureResult(fixture: "a", status: "passed", stepsRun: 1)],
                            reusedCount: 1, reusedSince: 3)
        run.reusedPasses = [ReusedPass(fixture: "b", steps: 1)]
        run.inputs = inputs
        run.inputs?.runner = .init(build: "b1", describe: "d1")
        run.inputs?.fixtureCount = 2   // the set judged: kept as the run's fixture count
        let id = try corpus.storeRun(run)
        let back = try XCTUnwrap(try corpus.run(id: id))
        XCTAssertEqual(back.inputs, run.inputs)
        XCTAssertEqual(back.results.map(\.fixture), ["a"], "a reused pass keeps no row")
        XCTAssertEqual([back.reusedCount, back.replayedCount], [1, 1])
        try corpus.storeCheckResult(.census, try corpus.census(rulings: []), holds: true, findings: 0, inputs: inputs,
                                    createdAt: "2026-06-02T00:00:00.000Z")
        let history = try corpus.resultHistory()
        XCTAssertEqual(history.map(\.kind), [.census, .verify])
        XCTAssertEqual(history.last?.inputs?.runner?.build, "b1")
        XCTAssertEqual(history.last?.reusedSince, 3)
        XCTAssertEqual(history.first?.inputs?.fixtures, inputs.fixtures)
        XCTAssertEqual(try corpus.resultHistory(kinds: [.drill]), [])

        // A run whose runner was not identified never counts as the same runner, even against itself.
        var unidentified = inputs
        unidentified.runner = .init(build: nil, describe: "d1")
        XCTAssertEqual(unidentified.changed(to: unidentified, among: [.fixtures, .runner]), [.runner])
        XCTAssertEqual(run.inputs!.changed(to: run.inputs!, among: ResultInputs.Input.allCases), [])
    }
}

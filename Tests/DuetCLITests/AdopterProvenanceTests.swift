import Foundation
import XCTest
import Duet
import DuetCorpus
@testable import DuetCLI

/// The README's Counter, adopted as a team would: nothing stale stands for now, and a fresh clone
/// (no seed, no corpus.db) answers at once. The runner is built twice from the README's blocks — as
/// written, and with its reducer broken — and named in the manifest by its path.
final class AdopterProvenanceTests: XCTestCase {
    /// Both runner builds, compiled once for the class (each compile takes seconds).
    private struct Runners { var good: String; var broken: String }
    nonisolated(unsafe) private static var runners: Result<Runners, Error>?

    private var work: URL!
    private var app: URL { work.appendingPathComponent("app") }
    /// What the manifest names: replaced by the good or the broken build, or removed (not built).
    private var installed: URL { work.appendingPathComponent("bin/counter-runner") }

    override func setUpWithError() throws {
        work = try temporaryDirectory()
        try FileManager.default.createDirectory(at: work.appendingPathComponent("bin"), withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: work) }

    private func builtRunners() throws -> Runners {
        if let runners = Self.runners { return try runners.get() }
        let result = Result { () throws -> Runners in
            let blocks = try AdopterLoopTests.readmeBlocks()
            let build = try BuildProducts()
            let shared = FileManager.default.temporaryDirectory.appendingPathComponent("duet-adopter-runners-\(UUID().uuidString)")
            func compile(_ name: String, feature: String) throws -> String {
                let folder = shared.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let module = try build.compileModule("CounterFeature", source: feature, in: folder)
                return try build.compileExecutable("counter-runner", source: blocks.runner, linking: module, modules: AdopterLoopTests.runnerModules, in: folder)
            }
            let broken = blocks.feature.replacingOccurrences(of: "state.count += 1", with: "state.count += 2")
            XCTAssertNotEqual(broken, blocks.feature, "the README's reducer still increments by one")
            return Runners(good: try compile("good", feature: blocks.feature), broken: try compile("broken", feature: broken))
        }
        Self.runners = result
        return try result.get()
    }

    private func install(_ runner: String?) throws {
        try? FileManager.default.removeItem(at: installed)
        if let runner { try FileManager.default.copyItem(atPath: runner, toPath: installed.path) }
    }

    /// `duet init`, the manifest naming the installed runner, and a first recording.
    private func adopterTree() throws {
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        XCTAssertEqual(duet("init", in: app.path).status, .holds)
        let manifest = app.appendingPathComponent("parity/manifest.yaml")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        XCTAssertTrue(text.contains("swift: swift run -q duet-runner"), text)
        try text.replacingOccurrences(of: "swift: swift run -q duet-runner", with: "swift: \(installed.path)")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let record = duet("record", in: app.path)
        XCTAssertEqual(record.status, .holds, record.stdout + record.stderr)
    }

    private func check(_ report: JSONValue, _ name: String) -> (status: String?, detail: String) {
        let checks = MilestoneJSON.checks(report)
        let check = checks.first { $0.name == name }
        return (check?.status, check?.detail ?? "no \(name) check in \(checks.map(\.name))")
    }

    func testBreakingTheReducerWithoutRunningVerifyTurnsTheMilestoneRed() throws {
        let runners = try builtRunners()
        try install(runners.good)
        try adopterTree()
        XCTAssertEqual(duet("verify", in: app.path).status, .holds)

        // Control: nothing changed since that verify, so the milestone holds and says it replayed nothing.
        let before = duet("milestone", "--preview", "--format", "json", in: app.path)
        XCTAssertEqual(before.status, .holds, before.stderr)
        let holding = try CanonicalJSON.parse(before.stdout)
        XCTAssertEqual(check(holding, "verify swift").status, "holds")
        XCTAssertTrue(check(holding, "verify swift").detail.contains("0 replayed, 2 unchanged since run 1"), check(holding, "verify swift").detail)

        // The reducer breaks (a new build of the runner); nobody runs verify.
        try install(runners.broken)
        let after = duet("milestone", "--preview", in: app.path)
        XCTAssertEqual(after.status, .findings, after.stdout + after.stderr)
        XCTAssertFalse(after.stdout.contains("Every check holds"), after.stdout)
        XCTAssertFalse(after.stdout.contains("Every check that ran holds"), after.stdout)
        XCTAssertTrue(after.stdout.contains("| verify swift | fails | 0 passed, 2 failed, 0 not run of 2; run for this milestone (run 3): 2 replayed |"),
                      after.stdout)
        XCTAssertTrue(after.stderr.contains("verify swift run for this report (run 3): 2 replayed"), after.stderr)
    }

    func testWithoutARunnerAStoredRunOnOtherFixturesIsStaleNeverHolding() throws {
        let runners = try builtRunners()
        try install(runners.good)
        try adopterTree()
        XCTAssertEqual(duet("verify", in: app.path).status, .holds)
        try install(nil)   // a fresh machine: the runner is not built

        // Control: the fixtures are those it judged, but without its runner nothing confirms the build.
        let unconfirmed = try CanonicalJSON.parse(duet("milestone", "--preview", "--format", "json", in: app.path).stdout)
        XCTAssertEqual(check(unconfirmed, "verify swift").status, "not-checked")
        XCTAssertTrue(check(unconfirmed, "verify swift").detail.hasPrefix("not confirmed: verify run 1"), check(unconfirmed, "verify swift").detail)

        // A fixture's behaviour changes in the tree (an edited expected state): the stored run is stale.
        let file = app.appendingPathComponent("parity/fixtures/counter.keeps-counting.fixture.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "\"count\": 2", with: "\"count\": 3").write(to: file, atomically: true, encoding: .utf8)
        let stale = duet("milestone", "--preview", "--format", "json", in: app.path)
        let report = try CanonicalJSON.parse(stale.stdout)
        XCTAssertEqual(check(report, "verify swift").status, "not-checked", stale.stdout)
        XCTAssertTrue(check(report, "verify swift").detail.hasPrefix("stale: the fixtures changed since verify run 1"), check(report, "verify swift").detail)
        XCTAssertEqual(report["verify"]?.arrayValue?.count, 0, "a stale run is not reported as a result about now")
        XCTAssertFalse(duet("milestone", "--preview", in: app.path).stdout.contains("Every check holds"))
    }

    func testAFreshCloneAnswersCensusDrillAndMilestoneAtOnce() throws {
        let runners = try builtRunners()
        try install(runners.good)
        try adopterTree()
        let clone = try gitClone()
        XCTAssertFalse(FileManager.default.fileExists(atPath: clone.appendingPathComponent("corpus.db").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: clone.appendingPathComponent("corpus.db.seed").path))

        let census = duet("census", "--format", "json", in: clone.path)
        XCTAssertEqual(census.status, .holds, census.stdout + census.stderr)
        XCTAssertTrue(census.stderr.contains("asked the swift runner (build "), census.stderr)
        XCTAssertEqual(try CanonicalJSON.parse(census.stdout)["features"]?.arrayValue?.first?["slot"]?.intValue, 1, census.stdout)
        let drill = duet("drill", "restore", in: clone.path)
        XCTAssertEqual(drill.status, .holds, drill.stdout + drill.stderr)
        XCTAssertFalse(drill.stderr.contains("asked the swift runner"), "asked once, kept: \(drill.stderr)")
        let milestone = duet("milestone", "--preview", in: clone.path)
        XCTAssertEqual(milestone.status, .holds, milestone.stdout + milestone.stderr)
        XCTAssertTrue(milestone.stdout.contains("| verify swift | holds |"), milestone.stdout)
        XCTAssertTrue(milestone.stdout.contains("| census | holds |"), milestone.stdout)

        // `rm corpus.db` is a fresh clone too.
        try FileManager.default.removeItem(at: clone.appendingPathComponent("corpus.db"))
        XCTAssertEqual(duet("drill", "restore", in: clone.path).status, .holds)
    }

    func testWithoutARunnerOrAStructureTheCloneSaysNotChecked() throws {
        let runners = try builtRunners()
        try install(runners.good)
        try adopterTree()
        let manifest = app.appendingPathComponent("parity/manifest.yaml")
        try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(of: "  swift: \(installed.path)\n", with: "")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let clone = try gitClone()
        let census = duet("census", in: clone.path)
        XCTAssertEqual(census.status, .findings, census.stdout)
        XCTAssertTrue(census.stderr.contains("the structure of counter is unknown"), census.stderr)
        XCTAssertFalse(census.stderr.contains("asked the swift runner"), census.stderr)
    }

    /// The tree committed and cloned: what a teammate gets (corpus.db is ignored).
    private func gitClone() throws -> URL {
        func git(_ arguments: [String], in directory: URL) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-c", "user.email=adopter@example.com", "-c", "user.name=Adopter"] + arguments
            process.currentDirectoryURL = directory
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw AdopterLoopTests.Failure("git \(arguments.joined(separator: " ")) failed") }
        }
        try git(["init", "-q"], in: app)
        try git(["add", "-A"], in: app)
        try git(["commit", "-q", "-m", "Counter"], in: app)
        try git(["clone", "-q", app.path, "clone"], in: work)
        return work.appendingPathComponent("clone")
    }
}

/// The checks of a milestone's JSON, as its headline table lists them.
enum MilestoneJSON {
    struct Check { var name: String; var status: String; var detail: String }

    static func checks(_ report: JSONValue) -> [Check] {
        guard let decoded = try? CanonicalDecoder().decode(MilestoneReport.self, from: report) else { return [] }
        return decoded.checks.map { Check(name: $0.name, status: $0.status.rawValue, detail: $0.detail) }
    }
}

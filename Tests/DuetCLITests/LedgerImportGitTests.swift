import XCTest
import Duet
@testable import DuetCLI

/// `duet ledger import-git` on a temporary git repository whose manifest changes over four commits.
final class LedgerImportGitTests: XCTestCase {
    private var root: URL!

    private func git(_ arguments: String..., date: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path, "-c", "user.name=Duet Tests", "-c", "user.email=tests@duet.invalid",
                             "-c", "commit.gpgsign=false"] + arguments
        var environment = ProcessInfo.processInfo.environment
        if let date { environment["GIT_AUTHOR_DATE"] = date; environment["GIT_COMMITTER_DATE"] = date }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments.joined(separator: " "))")
    }

    private static func island(_ platform: String, reason: String) -> String {
        "    - {id: home.map, feature: home, platform: \(platform), boundary: MapSummary, reason: \(reason), since: 2026-01-01}\n"
    }
    private static let head = "features:\n  home:\n    structure: {sheet: slot}\npresentation:\n"
    private static let waiver = "  waivers:\n    - {kind: home.slot.settings, feature: home, platform: ios, manner: sheet, reason: native, since: 2026-01-01}\n"

    private func commit(_ manifest: String, at date: String) throws {
        try manifest.write(to: root.appendingPathComponent("parity/manifest.yaml"), atomically: true, encoding: .utf8)
        try git("add", "parity/manifest.yaml")
        try git("commit", "-q", "-m", "manifest at \(date)", date: date)
    }

    override func setUpWithError() throws {
        root = try temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try git("init", "-q")
        let head = Self.head
        try commit(head + "  islands:\n" + Self.island("ios", reason: "map SDK") + Self.island("android", reason: "map SDK"),
                   at: "2026-01-10T10:00:00Z")
        try commit(head + Self.waiver + "  islands:\n" + Self.island("ios", reason: "map SDK") + Self.island("android", reason: "Maps Compose"),
                   at: "2026-02-01T09:00:00Z")
        try commit(head + "  islnds: []\n", at: "2026-02-15T09:00:00Z")   // a broken revision
        try commit(head + "  islands:\n" + Self.island("ios", reason: "map SDK") + Self.island("android", reason: "Maps Compose"),
                   at: "2026-03-01T08:30:00Z")
    }

    private func run(_ arguments: String...) -> CLIRun {
        duet(["--corpus", root.appendingPathComponent("corpus.db").path] + arguments, in: root.path)
    }

    private func history(_ arguments: String...) throws -> [JSONValue] {
        let listed = duet(["--corpus", root.appendingPathComponent("corpus.db").path, "ledger", "history", "--format", "json"] + arguments,
                          in: root.path)
        XCTAssertEqual(listed.status, .holds, listed.stderr)
        return try XCTUnwrap(CanonicalJSON.parse(listed.stdout).arrayValue)
    }

    func testTheHistoryIsReplayedAtTheCommitDates() throws {
        let imported = run("ledger", "import-git", "--format", "json")
        XCTAssertEqual(imported.status, .holds, imported.stderr)
        let summary = try CanonicalJSON.parse(imported.stdout)
        XCTAssertEqual(summary["commits"], .int(4))
        XCTAssertEqual(summary["versions"], .int(4))   // ios, android, android again, the waiver
        XCTAssertEqual(summary["unreadable"]?.arrayValue?.count, 1)
        XCTAssertTrue(imported.stderr.contains("unknown key 'islnds'"), imported.stderr)

        let island = try history("--island", "home.map")
        XCTAssertEqual(island.map { "\($0["platform"]?.stringValue ?? "") \($0["valid_from"]?.stringValue ?? "") \($0["valid_to"]?.stringValue ?? "open")" }, [
            "android 2026-01-10T10:00:00.000Z 2026-02-01T09:00:00.000Z",
            "ios 2026-01-10T10:00:00.000Z open",
            "android 2026-02-01T09:00:00.000Z open",
        ])
        XCTAssertNotNil(island[0]["closed_by"]?.stringValue)
        XCTAssertEqual(island[0]["closed_by"], island[2]["opened_by"], "closed and reopened by the same commit")

        let waiver = try history("--kind", "home.slot.settings")
        XCTAssertEqual(waiver.count, 1)
        XCTAssertEqual(waiver.first?["valid_from"]?.stringValue, "2026-02-01T09:00:00.000Z")
        XCTAssertEqual(waiver.first?["valid_to"]?.stringValue, "2026-03-01T08:30:00.000Z", "the broken revision changed nothing")
        // A kind the ledger never held is bad input, with the kinds it holds.
        let unknown = run("ledger", "history", "--kind", "home.slot.nothing")
        XCTAssertEqual(unknown.status, .usage)
        XCTAssertTrue(unknown.stderr.hasPrefix("duet ledger history: no kind 'home.slot.nothing'"), unknown.stderr)
    }

    func testImportingAgainGivesTheSameHistoryAndReplacesWhatSyncRecorded() throws {
        XCTAssertEqual(run("ledger", "sync").status, .holds)
        let first = try CanonicalJSON.parse(run("ledger", "import-git", "--format", "json").stdout)
        XCTAssertEqual(first["replaced"], .int(2), "the sync's two open versions")
        let before = try history()
        let again = try CanonicalJSON.parse(run("ledger", "import-git", "--format", "json").stdout)
        XCTAssertEqual(again["replaced"], .int(4))
        XCTAssertEqual(try history(), before)
    }

    func testUncommittedChangesAreNamedAndOutsideGitIsAnEnvironmentError() throws {
        try (Self.head + Self.waiver + "  islands:\n" + Self.island("ios", reason: "map SDK") + Self.island("android", reason: "Maps Compose"))
            .write(to: root.appendingPathComponent("parity/manifest.yaml"), atomically: true, encoding: .utf8)
        let dirty = run("ledger", "import-git")
        XCTAssertEqual(dirty.status, .holds, dirty.stderr)
        XCTAssertTrue(dirty.stderr.contains("differs from HEAD"), dirty.stderr)

        let outside = try temporaryDirectory()
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try "features: {}\n".write(to: outside.appendingPathComponent("parity/manifest.yaml"), atomically: true, encoding: .utf8)
        let noGit = duet(["--corpus", outside.appendingPathComponent("corpus.db").path, "ledger", "import-git"], in: outside.path)
        XCTAssertEqual(noGit.status, .environment, noGit.stderr)
    }
}

import Foundation
import XCTest
import Duet
import DuetCorpus
@testable import DuetCLI

/// `duet doctor` on a healthy tree, then the same tree broken one way at a time.
final class DoctorVerbTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = try temporaryDirectory()
        try write("parity/manifest.yaml", """
            runners:
              swift: bin/runner
            features:
              counter:
                swift: Sources/App/Counter.swift
                scenario: Sources/App/CounterScenarios.swift

            """)
        try write("Sources/App/Counter.swift", "")
        try write("Sources/App/CounterScenarios.swift", "")
        try write("bin/runner", "#!/bin/sh\nexit 0\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.appendingPathComponent("bin/runner").path)
        try write(".gitignore", TreeScaffold.missingIgnoreLines(in: "").joined(separator: "\n") + "\n")
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private var environment: [String: String] { ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"] }

    /// The checks by id, and the exit status.
    private func doctor() throws -> (ExitStatus, [String: JSONValue], CLIRun) {
        let run = duet(["doctor", "--format", "json"], in: root.path, environment: environment)
        let checks = try XCTUnwrap(try CanonicalJSON.parse(run.stdoutBytes)["checks"]?.arrayValue, run.stdout + run.stderr)
        return (run.status, Dictionary(uniqueKeysWithValues: checks.map { ($0["id"]?.stringValue ?? "", $0) }), run)
    }

    func testAHealthyTreeHolds() throws {
        let (status, checks, run) = try doctor()
        XCTAssertEqual(status, .holds, run.stdout)
        XCTAssertEqual(checks.keys.sorted(), ["corpus", "gitignore", "manifest", "manifest.paths", "runner.swift", "toolchain.swift", "tree"])
        for (id, check) in checks { XCTAssertEqual(check["status"]?.stringValue, "holds", "\(id): \(check)") }
        XCTAssertTrue(checks["toolchain.swift"]?["detail"]?.stringValue?.contains("Swift version") == true, "\(checks["toolchain.swift"]!)")
        XCTAssertTrue(run.stderr.hasSuffix("doctor: holds — 7 checks\n"), run.stderr)
    }

    func testEachBrokenDeclarationFailsWithItsFix() throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent("Sources/App/CounterScenarios.swift"))
        try write(".gitignore", "/.build/\n")
        try write("parity/manifest.yaml", """
            runners:
              swift: no-such-runner-program --serve
              kotlin: kotlin/build/app-runner
            features:
              counter:
                swift: Sources/App/Counter.swift
                scenario: Sources/App/CounterScenarios.swift

            """)
        let (status, checks, run) = try doctor()
        XCTAssertEqual(status, .findings, run.stdout)
        XCTAssertEqual(checks["runner.swift"]?["status"]?.stringValue, "fails")
        XCTAssertTrue(checks["runner.swift"]?["detail"]?.stringValue?.contains("no-such-runner-program is not on PATH") == true, "\(checks)")
        XCTAssertEqual(checks["runner.kotlin"]?["status"]?.stringValue, "not checked", "a runner a build writes is not there on a fresh clone")
        XCTAssertEqual(checks["manifest.paths"]?["status"]?.stringValue, "fails")
        XCTAssertTrue(checks["manifest.paths"]?["detail"]?.stringValue?.contains("CounterScenarios.swift") == true, "\(checks)")
        XCTAssertEqual(checks["gitignore"]?["status"]?.stringValue, "fails")
        XCTAssertEqual(checks["gitignore"]?["fix"]?.stringValue,
                       "add these lines to .gitignore: /corpus.db* !/corpus.db.seed /parity/.pending/ (`duet init` adds them to a new tree)")
        XCTAssertNotNil(checks["toolchain.kotlinc"], "a kotlin runner asks for kotlinc's version")
        XCTAssertTrue(run.stderr.contains("doctor: fails — "), run.stderr)
    }

    func testSwiftRunMustNameAPackageTarget() throws {
        try write("parity/manifest.yaml", "runners:\n  swift: swift run -q counter-runner\nfeatures: {}\n")
        try write("Package.swift", "// let package = Package(name: \"App\", targets: [.executableTarget(name: \"app-runner\")])\n")
        var (_, checks, _) = try doctor()
        XCTAssertEqual(checks["runner.swift"]?["status"]?.stringValue, "fails", "\(checks)")
        XCTAssertTrue(checks["runner.swift"]?["detail"]?.stringValue?.contains("declares no target or product counter-runner") == true)
        try write("Package.swift", "// .executableTarget(name: \"counter-runner\")\n")
        (_, checks, _) = try doctor()
        XCTAssertEqual(checks["runner.swift"]?["status"]?.stringValue, "holds", "\(checks)")
    }

    func testADamagedCorpusFails() throws {
        XCTAssertEqual(try doctor().0, .holds)
        try Data(repeating: 0x41, count: 8192).write(to: root.appendingPathComponent("corpus.db"))
        let (status, checks, _) = try doctor()
        XCTAssertEqual(status, .findings)
        XCTAssertEqual(checks["corpus"]?["status"]?.stringValue, "fails", "\(checks)")
    }

    func testNoTreeIsAFailureThatSaysInit() throws {
        let empty = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let run = duet(["doctor"], in: empty.path, environment: environment)
        XCTAssertEqual(run.status, .findings)
        XCTAssertTrue(run.stdout.contains("duet init"), run.stdout)
    }
}

/// `.gitignore` patterns as git reads them, for the lines duet needs.
final class IgnorePatternsTests: XCTestCase {
    func testGlobsFoldersAnchorsAndNegations() {
        let patterns = IgnorePatterns("# comment\n.build/\n/corpus.db*\n!/corpus.db.seed\n/parity/.pending/\n")
        XCTAssertTrue(patterns.ignores(".build", directory: true))
        XCTAssertTrue(patterns.ignores("kotlin/.build", directory: true), "an unanchored name matches at any depth")
        XCTAssertTrue(patterns.ignores("corpus.db-wal", directory: false))
        XCTAssertFalse(patterns.ignores("corpus.db.seed", directory: false), "the negation keeps the seed")
        XCTAssertTrue(patterns.ignores("parity/.pending", directory: true))
        XCTAssertTrue(patterns.ignores("parity/.pending/a.fixture.json", directory: false), "below an ignored folder")
        XCTAssertFalse(patterns.ignores("parity/fixtures", directory: true))
        XCTAssertFalse(patterns.ignores("sub/corpus.db", directory: false), "/corpus.db* is anchored at the root")
        XCTAssertFalse(IgnorePatterns(".build/\n").ignores(".build", directory: false), "a folder pattern does not match a file")
        XCTAssertFalse(IgnorePatterns("").ignores("corpus.db", directory: false))
    }

    func testInitAddsOnlyWhatIsNotIgnoredAlready() {
        XCTAssertEqual(TreeScaffold.missingIgnoreLines(in: ""), [".build/", "/corpus.db*", "!/corpus.db.seed", "/parity/.pending/"])
        XCTAssertEqual(TreeScaffold.missingIgnoreLines(in: "/.build\n/corpus.db\n/corpus.db-wal\n/corpus.db-shm\nparity/.pending/\n"), [],
                       "other words for the same files")
        XCTAssertEqual(TreeScaffold.missingIgnoreLines(in: "/corpus.db\n"), [".build/", "/corpus.db*", "!/corpus.db.seed", "/parity/.pending/"],
                       "the side files are still missing")
    }
}

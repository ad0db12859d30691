import Foundation
import XCTest
import Duet
@testable import DuetCLI

/// `duet materialize FIXTURE#STEP`: the Swift test it writes compiles against the package's
/// modules and passes on the recorded behaviour, fails at the divergent path when the recording
/// is not what the reducer does, and `--clean` removes only what it wrote.
final class MaterializeTests: XCTestCase {
    private var work: URL!
    private var corpus: [String] { ["--corpus", work.appendingPathComponent("corpus.db").path] }
    private var outputs: [String] { ["--swift-out", work.appendingPathComponent("swift").path, "--kotlin-out", work.appendingPathComponent("kotlin").path] }

    override func setUpWithError() throws {
        work = try temporaryDirectory()
        let load = duet(corpus + ["corpus", "load", packageRoot.appendingPathComponent("corpus.db.seed").path], in: work.path)
        XCTAssertEqual(load.status, .holds, load.stderr)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: work) }

    /// Materializes from the package root (its manifest and fixtures) into the temporary folder.
    private func materialize(_ arguments: String...) -> CLIRun {
        duet(corpus + ["materialize"] + arguments + outputs + ["--format", "json"], in: packageRoot.path)
    }

    private func written(_ run: CLIRun, _ platform: String) throws -> URL {
        let rows = try XCTUnwrap(CanonicalJSON.parse(run.stdout).arrayValue, run.stderr)
        return URL(fileURLWithPath: try XCTUnwrap(rows.first { $0["platform"]?.stringValue == platform }?["file"]?.stringValue))
    }

    /// Compiles the Swift tests with an XCTMain of their own and runs them: (passed, output).
    private func compileAndRun(_ tests: [(file: URL, className: String)]) throws -> (passed: Bool, output: String) {
        let main = work.appendingPathComponent("main.swift")
        let entries = tests.map { #"testCase([("testTheStepReducesAsRecorded", \#($0.className).testTheStepReducesAsRecorded)])"# }
        try Data("import XCTest\nXCTMain([\(entries.joined(separator: ", "))])\n".utf8).write(to: main)
        let executable = try BuildProducts().link("materialized-tests", sources: [main] + tests.map(\.file), targets: ["Duet", "DuetScenarios", "DuetTesting", "MemoryLane"],
                                                  in: work, moduleName: "MaterializedTests")
        let run = try Self.run(executable, [])
        return (run.status == 0, run.output)
    }

    func testTheSwiftTestsOfALeafAndAChainStepCompileAndPassAndCanFail() throws {
        let leaf = materialize("entercode.submits#1")
        XCTAssertEqual(leaf.status, .holds, leaf.stderr)
        let chain = materialize("chain-rootnav-entercode#2")
        XCTAssertEqual(chain.status, .holds, chain.stderr)
        let leafFile = try written(leaf, "swift"), chainFile = try written(chain, "swift")
        XCTAssertEqual(leafFile.lastPathComponent, "Materialized_entercode_submits_step1.swift")
        let text = try String(contentsOf: leafFile, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("// duet materialize: entercode.submits#1 "), text)
        XCTAssertTrue(text.contains("EnterCode.self"), "reduced through the feature's own type")
        XCTAssertTrue(try String(contentsOf: chainFile, encoding: .utf8).contains("The chain's earlier steps"))

        let green = try compileAndRun([(leafFile, "Materialized_entercode_submits_step1"), (chainFile, "Materialized_chain_rootnav_entercode_step2")])
        XCTAssertTrue(green.passed, green.output)
        XCTAssertTrue(green.output.contains("Executed 2 tests, with 0 failures"), green.output)

        // Negative control: a recording the reducer does not reproduce fails, at the path.
        try Data(text.replacingOccurrences(of: #"\"submitAttempts\":1}", "state")"#, with: #"\"submitAttempts\":7}", "state")"#).utf8).write(to: leafFile)
        let red = try compileAndRun([(leafFile, "Materialized_entercode_submits_step1")])
        XCTAssertFalse(red.passed, red.output)
        XCTAssertTrue(red.output.contains("state diverged at submitAttempts: expected 7, got 1"), red.output)
    }

    func testTheKotlinTestCompilesAndRunsOnTheKotlinFlavorUnderJUnit() throws {
        let kotlin = packageRoot.appendingPathComponent("kotlin/build")
        let jars = ["duet.jar", "memorylane.jar"].map { kotlin.appendingPathComponent($0).path }
        let junit = ["/usr/share/java/junit4.jar", "/usr/share/java/hamcrest.jar"]
        guard (jars + junit).allSatisfy(FileManager.default.fileExists), let kotlinc = Self.which("kotlinc") else {
            throw XCTSkip("the Kotlin flavor is not built (kotlin/build.sh), or kotlinc or junit4 is missing: the Kotlin test is not compiled here")
        }
        let run = materialize("entercode.submits#1", "--platform", "kotlin")
        XCTAssertEqual(run.status, .holds, run.stderr)
        let file = try written(run, "kotlin")
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains("package dev.duet.memorylane.materialized"), text)
        let jar = work.appendingPathComponent("materialized.jar").path
        let compiled = try Self.run(kotlinc, ["-cp", (jars + junit).joined(separator: ":"), file.path, "-d", jar])
        XCTAssertEqual(compiled.status, 0, compiled.output)
        let classpath = ([jar] + jars + junit + ["/usr/share/java/kotlin-stdlib.jar"]).joined(separator: ":")
        let test = "dev.duet.memorylane.materialized.Materialized_entercode_submits_step1"
        let executed = try Self.run("/usr/bin/env", ["java", "-cp", classpath, "org.junit.runner.JUnitCore", test])
        XCTAssertEqual(executed.status, 0, executed.output)
        XCTAssertTrue(executed.output.contains("OK (1 test)"), executed.output)

        // Negative control: a recording the reducer does not reproduce fails under JUnit, naming what diverged.
        try Data(text.replacingOccurrences(of: #"\"submitAttempts\":1}""#, with: #"\"submitAttempts\":7}""#).utf8).write(to: file)
        XCTAssertEqual(try Self.run(kotlinc, ["-cp", (jars + junit).joined(separator: ":"), file.path, "-d", jar]).status, 0)
        let red = try Self.run("/usr/bin/env", ["java", "-cp", classpath, "org.junit.runner.JUnitCore", test])
        XCTAssertNotEqual(red.status, 0, red.output)
        XCTAssertTrue(red.output.contains("state diverged"), red.output)
    }

    func testCleanRemovesOnlyWhatMaterializeWrote() throws {
        XCTAssertEqual(materialize("entercode.submits#1").status, .holds)
        XCTAssertEqual(materialize("entercode.submits#0", "--platform", "swift").status, .holds)
        let folder = work.appendingPathComponent("swift")
        let mine = folder.appendingPathComponent("Helpers.swift")
        try Data("// a file of the team's own\n".utf8).write(to: mine)

        let one = duet(corpus + ["materialize", "--clean", "entercode.submits#0"] + outputs, in: packageRoot.path)
        XCTAssertEqual(one.status, .holds, one.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
                       ["Helpers.swift", "Materialized_entercode_submits_step1.swift"])
        let all = duet(corpus + ["materialize", "--clean"] + outputs, in: packageRoot.path)
        XCTAssertEqual(all.status, .holds, all.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["Helpers.swift"], "the team's file stays")
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("kotlin").path), "an emptied folder goes")
    }

    func testAStepThatIsNotThereIsBadInput() {
        let missing = materialize("no-such-fixture#0")
        XCTAssertEqual(missing.status, .usage)
        XCTAssertTrue(missing.stderr.contains("no fixture 'no-such-fixture'"), missing.stderr)
        let beyond = materialize("entercode.submits#99")
        XCTAssertEqual(beyond.status, .usage)
        XCTAssertTrue(beyond.stderr.contains("numbered from 0"), beyond.stderr)
        XCTAssertEqual(duet(corpus + ["materialize", "entercode.submits"], in: packageRoot.path).status, .usage, "a step must be named")
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("swift").path), "nothing was written")
    }

    static func which(_ tool: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(tool)" }
            .first(where: FileManager.default.isExecutableFile)
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}

import DuetRunner
import Foundation
import XCTest
import DuetReplay

/// Which build answered: the handshake's `"build"`, else the client's hash of the executable it
/// launched, else unidentified — never a guess.
final class RunnerIdentityTests: XCTestCase {
    func testTheBuildHashIsTheFilesBytesWhateverTheChunks() throws {
        let bytes = (0..<1_000_003).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("duet-build-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bytes).write(to: file)
        XCTAssertEqual(BuildHash.ofFile(at: file.path), BuildHash.of(bytes), "read in 1 MB chunks, hashed as one")
        XCTAssertEqual(BuildHash.of(bytes).count, 32)
        var changed = bytes
        changed[500_000] ^= 1
        XCTAssertNotEqual(BuildHash.of(changed), BuildHash.of(bytes), "one bit changes it")
        XCTAssertNotEqual(BuildHash.of(Array(bytes.dropLast())), BuildHash.of(bytes), "so does the length")
        XCTAssertNil(BuildHash.ofFile(at: "/nonexistent/runner"))
        XCTAssertNotNil(BuildHash.ofRunningExecutable)
    }

    func testTheProgramOfARunnerCommandIsReadAsTheShellWould() throws {
        let cd = try XCTUnwrap(RunnerProgram(command: #"cd '/repo/it'\''s here' && RUST_LOG=1 kotlin/build/runner --quiet "a b""#))
        XCTAssertEqual(cd.directory, "/repo/it's here")
        XCTAssertEqual(cd.program, "kotlin/build/runner")
        XCTAssertEqual(cd.arguments, ["--quiet", "a b"])
        XCTAssertEqual(cd.file(root: "/elsewhere"), "/repo/it's here/kotlin/build/runner")
        XCTAssertEqual(RunnerProgram(command: "./runner")?.file(root: "/tree"), "/tree/runner")
        XCTAssertNil(RunnerProgram(command: "swift run -q runner")?.file(root: "/tree"), "a bare name is looked up on PATH")
        XCTAssertTrue(RunnerProgram(command: "swift run -q runner")?.isLauncher == true)
        // What this reading does not cover gives nothing, never a guess.
        for command in [#"$HOME/runner"#, "./a | ./b", "make && ./runner", "./runner > log", "'unterminated", "(./runner)", "./a || ./b", ""] {
            XCTAssertNil(RunnerProgram(command: command), command)
        }
    }

    func testARunnerIsIdentifiedByItsBuildOrItsExecutableOrNotAtAll() throws {
        let runner = try XCTUnwrap(SampleRunner.executable)
        let sent = try ReplayClient(command: try SampleRunner.command(), timeout: 10)
        defer { sent.close() }
        XCTAssertEqual(sent.runnerBuild, .sent(try XCTUnwrap(BuildHash.ofFile(at: runner))), "the runner hashes its own executable")

        // A runner that sends no build: the client hashes the native executable it launched.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duet-identity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let handshake = #"{"features":[],"platform":"sh","protocol":"duet-replay","version":1}"#
        let script = folder.appendingPathComponent("runner.sh")
        try Data("#!/bin/sh\necho '\(handshake)'\ncat >/dev/null\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        XCTAssertEqual(RunnerBuild.ofCommand(runner), .executable(try XCTUnwrap(BuildHash.ofFile(at: runner))))
        XCTAssertEqual(RunnerBuild.ofCommand(runner).stored?.hasPrefix("exe:"), true)
        // A script, a launcher or an unreadable command is unidentified: its bytes are not the runner's.
        let silent = try ReplayClient(command: SampleRunner.shellQuoted(script.path), timeout: 10)
        defer { silent.close() }
        XCTAssertNil(silent.sentBuild)
        guard case .unidentified(let why) = silent.runnerBuild else { return XCTFail("\(silent.runnerBuild)") }
        XCTAssertTrue(why.contains("is a script"), why)
        XCTAssertNil(silent.runnerBuild.stored)
        guard case .unidentified = RunnerBuild.ofCommand("swift run -q memorylane-runner") else { return XCTFail("a launcher") }
        guard case .unidentified = RunnerBuild.ofCommand("echo x; cat") else { return XCTFail("not a plain command") }
        // A handshake's build is taken as sent, when it is a printable string.
        let named = try ReplayClient(command: #"echo '{"build":"v1.2+abc","features":[],"platform":"sh","protocol":"duet-replay","version":1}'; cat >/dev/null"#, timeout: 5)
        defer { named.close() }
        XCTAssertEqual(named.runnerBuild, .sent("v1.2+abc"))
        let empty = try ReplayClient(command: #"echo '{"build":"","features":[],"platform":"sh","protocol":"duet-replay","version":1}'; cat >/dev/null"#, timeout: 5)
        defer { empty.close() }
        XCTAssertNil(empty.sentBuild, "an empty build is none")
    }
}

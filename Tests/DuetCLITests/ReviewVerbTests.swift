import Foundation
import XCTest
@testable import DuetCLI

/// `duet review` on a real terminal (a tmux pane: keys sent with send-keys, the screen read with
/// capture-pane), and its refusal anywhere else.
final class ReviewVerbTests: XCTestCase {
    private var repository: URL!
    private var corpusPath: String { repository.appendingPathComponent("corpus.db").path }
    private var pendingFolder: URL { repository.appendingPathComponent("parity/.pending") }
    private var socket: String!

    /// Two recordings pending: `tally` first, then `tally-endings.keeps-counting` (both count 3 → 4).
    override func setUpWithError() throws {
        repository = try temporaryDirectory()
        socket = "duet-review-\(UUID().uuidString.prefix(8))"
        let runner = try BuildProducts.executable("duet-sample-runner")
        XCTAssertEqual(duet(["--corpus", corpusPath, "record", "--runner", runner], in: repository.path).status, .holds)
        XCTAssertEqual(duet(["--corpus", corpusPath, "record", "--runner", runner + " --mutate"], in: repository.path).status, .findings)
        XCTAssertEqual(pendingFiles, ["tally", "tally-endings.keeps-counting"])
    }

    override func tearDownWithError() throws {
        if let socket { _ = try? tmux(["kill-server"], socket: socket) }
        try? FileManager.default.removeItem(at: repository)
    }

    private var pendingFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: pendingFolder.path)) ?? [])
            .filter { $0.hasSuffix(".fixture.json") }.map { String($0.dropLast(".fixture.json".count)) }.sorted()
    }

    private func storedCount(_ name: String) throws -> String {
        let text = try String(contentsOf: repository.appendingPathComponent("parity/fixtures/\(name).fixture.json"), encoding: .utf8)
        return text.contains("\"count\": 4") ? "4" : "3"
    }

    func testNotOnATerminalItRefusesAndNamesTheNonInteractiveCommands() throws {
        let run = duet(["--corpus", corpusPath, "review"], in: repository.path)
        XCTAssertEqual(run.status, .usage)
        let lines = run.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, run.stderr)
        for command in ["`duet pending`", "`duet pending show NAME`", "`duet pending accept NAME…|--all`", "`duet pending reject NAME…|--all`"] {
            XCTAssertTrue(lines[0].contains(command), run.stderr)
        }
        XCTAssertEqual(String(lines[1]), "Run 'duet review --help' for its options and an example.")
        XCTAssertEqual(pendingFiles, ["tally", "tally-endings.keeps-counting"], "nothing decided")
        XCTAssertEqual(run.stdout, "")
    }

    func testOnATerminalEachRecordingIsShownAndDecidedByOneKey() throws {
        try startReview()
        let first = try screen(waitingFor: "[1/2] tally: changed recording")
        XCTAssertTrue(first.contains("-        \"count\": 3,\n+        \"count\": 4,"), first)
        XCTAssertTrue(first.hasSuffix("a accept  r reject  s skip  q quit >"), first)
        // A key that means nothing decides nothing: the prompt comes again.
        try tmux(["send-keys", "-t", "review", "x"], socket: socket)
        _ = try screen(waitingFor: "q quit > x\n\na accept  r reject  s skip  q quit >")
        XCTAssertEqual(pendingFiles, ["tally", "tally-endings.keeps-counting"])
        try tmux(["send-keys", "-t", "review", "a"], socket: socket)
        _ = try screen(waitingFor: "[2/2] tally-endings.keeps-counting: changed recording")
        XCTAssertEqual(pendingFiles, ["tally-endings.keeps-counting"], "accepted as it is decided")
        try tmux(["send-keys", "-t", "review", "r"], socket: socket)
        let end = try screen(waitingFor: "EXIT=")
        XCTAssertTrue(end.contains("accepted tally\n"), end)
        XCTAssertTrue(end.contains("rejected tally-endings.keeps-counting\n"), end)
        XCTAssertTrue(end.hasSuffix("review: 1 accepted, 1 rejected, 0 skipped; 0 recordings still pending\nEXIT=0"), end)
        XCTAssertEqual(pendingFiles, [])
        XCTAssertEqual(try storedCount("tally"), "4", "accepted: the recording is the fixture of record")
        XCTAssertEqual(try storedCount("tally-endings.keeps-counting"), "3", "rejected: the fixture of record stays")
    }

    func testSkipAndQuitLeaveTheRestPending() throws {
        try startReview()
        _ = try screen(waitingFor: "[1/2] tally: changed recording")
        try tmux(["send-keys", "-t", "review", "s"], socket: socket)
        _ = try screen(waitingFor: "[2/2] tally-endings.keeps-counting")
        try tmux(["send-keys", "-t", "review", "q"], socket: socket)
        let end = try screen(waitingFor: "EXIT=")
        XCTAssertTrue(end.hasSuffix("review: 0 accepted, 0 rejected, 1 skipped, 1 not reviewed (quit); 2 recordings still pending\nEXIT=0"), end)
        XCTAssertEqual(pendingFiles, ["tally", "tally-endings.keeps-counting"])
        XCTAssertEqual(try storedCount("tally"), "3")
    }

    // MARK: - tmux

    private func startReview() throws {
        let duetPath = try BuildProducts.executable("duet")
        let command = "cd \(quoted(repository.path)) && NO_COLOR=1 \(quoted(duetPath)) --corpus \(quoted(corpusPath)) review; echo EXIT=$?; sleep 120"
        guard Self.tmuxPath != nil else { throw XCTSkip("tmux is not installed: the interactive review is not tested") }
        try tmux(["new-session", "-d", "-s", "review", "-x", "160", "-y", "60", command], socket: socket)
    }

    /// The pane's whole text (history included, trailing blank lines dropped) once it contains `text`.
    private func screen(waitingFor text: String, seconds: Double = 30) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        while Date() < deadline {
            last = try tmux(["capture-pane", "-p", "-J", "-S", "-", "-t", "review"], socket: socket)
                .split(separator: "\n", omittingEmptySubsequences: false).map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
                .joined(separator: "\n").trimmingCharacters(in: .newlines)
            if last.contains(text) { return last }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTFail("the pane never showed \(text.debugDescription); it shows:\n\(last)")
        throw TmuxMissing(description: "timed out")
    }

    private static let tmuxPath = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first(where: FileManager.default.isExecutableFile)

    private struct TmuxMissing: Error, CustomStringConvertible { var description: String }

    @discardableResult
    private func tmux(_ arguments: [String], socket: String) throws -> String {
        guard let tmux = Self.tmuxPath else { throw TmuxMissing(description: "tmux is not installed") }
        // posix_spawn and waitpid, not Process: the server the first call starts keeps the client's
        // descriptors, and Process waits for them to close as well.
        let file = repository.appendingPathComponent("tmux-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: file) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TERM"] = "xterm-256color"
        let argv = [tmux, "-L", socket, "-f", "/dev/null"] + arguments
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, tmux, &actions, nil, cArguments, cEnvironment) == 0 else {
            throw TmuxMissing(description: "tmux could not be started")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        guard exited == 0 || arguments == ["kill-server"] else {
            throw TmuxMissing(description: "tmux \(arguments.first ?? "") failed: \(text)")
        }
        return text
    }

    private func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
}

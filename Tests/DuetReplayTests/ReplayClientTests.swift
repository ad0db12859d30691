import Duet
import DuetReplay
import Foundation
import XCTest

/// The client side against real processes: handshake checks, timeouts, crashes and garbage.
final class ReplayClientTests: XCTestCase {
    func testHandshakeAndAReduceRoundTrip() throws {
        let client = try ReplayClient(command: SampleRunner.command(), timeout: 10)
        defer { client.close() }
        XCTAssertEqual(client.platform, "swift")
        XCTAssertEqual(client.features, ["ping", "pong", "tally"])
        let outcome = try client.reduce(feature: "tally", state: Array(#"{"count":1,"history":[]}"#.utf8), action: Array(#"{"case":"increment"}"#.utf8))
        XCTAssertEqual(outcome, .reduced(state: Array(#"{"count":2,"history":[]}"#.utf8), effects: Array("[]".utf8)))
        let refused = try client.reduce(feature: "nope", state: Array("{}".utf8), action: Array("{}".utf8))
        guard case .refused(let message) = refused else { return XCTFail("expected a refusal, got \(refused)") }
        XCTAssertTrue(message.contains("unknown feature"))
        XCTAssertTrue(client.isAlive, "a per-request error leaves the runner alive")
    }

    func testAStrayPrintInFeatureCodeNeverReachesTheProtocolStream() throws {
        let client = try ReplayClient(command: SampleRunner.command(), timeout: 10)
        defer { client.close() }
        let state = Array(#"{"count":0,"history":[]}"#.utf8)
        let outcome = try client.reduce(feature: "tally", state: state, action: Array(#"{"case":"named","value":"print"}"#.utf8))
        guard case .reduced(let after, _) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(String(decoding: after, as: UTF8.self), #"{"count":0,"history":["print"]}"#)
        XCTAssertTrue(client.isAlive)
    }

    func testAWrongProtocolNameOrVersionIsAClearHandshakeError() {
        for (line, expected) in [(#"{"protocol":"other-replay","version":1}"#, "other-replay"),
                                 (#"{"protocol":"duet-replay","version":2}"#, "version 2")] {
            XCTAssertThrowsError(try ReplayClient(command: "echo '\(line)'; sleep 5", timeout: 5)) { error in
                let failure = error as? RunnerFailure
                XCTAssertEqual(failure?.kind, .handshake)
                XCTAssertTrue(failure?.description.contains(expected) == true, "\(error)")
            }
        }
        // Negative control: the right handshake from a shell is accepted.
        XCTAssertNoThrow(try ReplayClient(command: #"echo '{"features":[],"platform":"sh","protocol":"duet-replay","version":1}'; cat >/dev/null"#, timeout: 5).close())
    }

    func testGarbageInsteadOfAHandshakeNamesTheRunnerAndTheBytes() {
        XCTAssertThrowsError(try ReplayClient(command: "echo garbage", timeout: 5)) { error in
            let failure = error as? RunnerFailure
            XCTAssertEqual(failure?.kind, .handshake)
            XCTAssertTrue(failure?.description.contains("`echo garbage`") == true, "\(error)")
            XCTAssertTrue(failure?.description.contains("garbage`") == true, "\(error)")
        }
    }

    func testAHangingRunnerTimesOutInsteadOfHanging() {
        let started = Date()
        XCTAssertThrowsError(try ReplayClient(command: "sleep 100", timeout: 0.5)) { error in
            XCTAssertEqual((error as? RunnerFailure)?.kind, .timeout)
            XCTAssertTrue("\(error)".contains("sleep 100"))
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "the client waited far past its timeout")
    }

    func testARunnerThatExitsEarlyReportsItsStatusAndStderr() {
        XCTAssertThrowsError(try ReplayClient(command: "echo 'no such feature' >&2; exit 7", timeout: 5)) { error in
            let failure = error as? RunnerFailure
            XCTAssertEqual(failure?.kind, .exited)
            XCTAssertTrue(failure?.description.contains("status 7") == true, "\(error)")
            XCTAssertTrue(failure?.description.contains("no such feature") == true, "\(error)")
        }
    }

    func testACrashOrGarbageMidSessionKillsOnlyThatClient() throws {
        let crashing = try ReplayClient(command: SampleRunner.command("--crashable"), timeout: 5)
        XCTAssertThrowsError(try crashing.reduce(feature: "tally", state: Array(#"{"count":0,"history":[]}"#.utf8), action: Array(#"{"case":"named","value":"crash"}"#.utf8))) { error in
            XCTAssertEqual((error as? RunnerFailure)?.kind, .exited)
            XCTAssertTrue("\(error)".contains("status 70"), "\(error)")
        }
        XCTAssertFalse(crashing.isAlive)

        let handshake = #"{"features":["x"],"platform":"sh","protocol":"duet-replay","version":1}"#
        let garbling = try ReplayClient(command: "echo '\(handshake)'; read line; echo 'Hello from a debug print'; sleep 5", timeout: 5)
        XCTAssertThrowsError(try garbling.reduce(feature: "x", state: Array("{}".utf8), action: Array("{}".utf8))) { error in
            XCTAssertEqual((error as? RunnerFailure)?.kind, .garbage)
            XCTAssertTrue("\(error)".contains("Hello from a debug print"), "\(error)")
        }

        let hanging = try ReplayClient(command: SampleRunner.command("--crashable"), timeout: 0.5)
        let started = Date()
        XCTAssertThrowsError(try hanging.reduce(feature: "tally", state: Array(#"{"count":0,"history":[]}"#.utf8), action: Array(#"{"case":"named","value":"hang"}"#.utf8))) { error in
            XCTAssertEqual((error as? RunnerFailure)?.kind, .timeout)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    func testASessionRestartsOnceThenEndsWhenTheRunnerKeepsFailing() {
        let session = ReplaySession(command: "echo garbage", timeout: 5)
        XCTAssertThrowsError(try session.client())
        XCTAssertEqual(session.restarts, 1, "one restart after the first failure")
        XCTAssertEqual(session.endedBy?.kind, .handshake)
    }
}

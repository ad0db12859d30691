import Duet
import Foundation
import DuetFixtures

/// Replays stored fixtures through a runner and byte-compares every step.
///
/// ```swift
/// let session = ReplaySession(command: "./memorylane-runner", timeout: 10)
/// let run = FixtureReplayer(session: session, platform: "swift").verify(fixtures)
/// run.passed        // every fixture held and the runner held up
/// ```
///
/// Leaf fixtures are pipelined: step n+1 is sent with step n's *recorded* state, which is the
/// actual state whenever step n held — and a fixture stops at its first divergence, so later
/// answers are discarded. Chain fixtures thread one actual state per node, one request at a time.
public struct FixtureReplayer {
    public let session: ReplaySession
    public let platform: String
    /// Requests written ahead of the answers read.
    public var window: Int

    public init(session: ReplaySession, platform: String, window: Int = 512) {
        self.session = session; self.platform = platform; self.window = max(1, window)
    }

    public func verify(_ fixtures: [Fixture], progress: ((_ done: Int, _ total: Int) -> Void)? = nil) -> VerifyRun {
        let started = Date()
        var results = [FixtureResult?](repeating: nil, count: fixtures.count)
        var done = 0
        let report: (Int, FixtureResult) -> Void = { index, result in
            results[index] = result
            done += 1
            progress?(done, fixtures.count)
        }
        let leaves = fixtures.indices.filter { !fixtures[$0].isChain }
        LeafPipeline(session: session, window: window, fixtures: fixtures).run(leaves, report: report)
        for index in fixtures.indices where fixtures[index].isChain && session.endedBy == nil {
            report(index, ChainReplay(session: session, fixture: fixtures[index]).run())
        }
        let finished = fixtures.indices.map { index in
            results[index] ?? .failed(fixtures[index].name, stepsRun: 0, FixtureFailure(
                kind: .notRun, message: "not replayed: the run stopped because the runner kept failing"))
        }
        return VerifyRun(platform: platform, runner: session.command, results: finished, runnerFailure: session.endedBy,
                         startedAt: Self.timestamp(started), durationMilliseconds: Int(Date().timeIntervalSince(started) * 1000))
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}

/// Per-step facts of a stored fixture, computed once.
struct PreparedStep {
    let action: [UInt8]
    let state: [UInt8]
    let effects: [UInt8]
}

extension Fixture {
    func source(ofStep index: Int) -> String? {
        guard let source = scenarioSource else { return nil }
        guard steps.indices.contains(index), let line = steps[index].line else { return source }
        return "\(source):\(line)"
    }

    func failure(_ kind: FixtureFailure.Kind, step index: Int, divergence: Divergence? = nil, message: String) -> FixtureFailure {
        let step = steps.indices.contains(index) ? steps[index] : nil
        return FixtureFailure(kind: kind, step: index, label: step?.label, node: step?.node, action: step?.action.canonicalString,
                              divergence: divergence, message: message, source: source(ofStep: index))
    }
}

import Dispatch
import Duet
import Foundation
import DuetFixtures

/// Replays fixtures over several processes of the same runner at once — fixtures dealt
/// round-robin, one shard per process — and merges the results in the fixtures' order.
///
/// ```swift
/// let run = ParallelReplayer(command: "./memorylane-runner", platform: "swift", processes: 2).verify(fixtures)
/// ```
///
/// Each shard is an ordinary `FixtureReplayer` on its own `ReplaySession`, so crash, hang and
/// restart handling are per process; a run that lost any runner is reported as failed.
public struct ParallelReplayer: Sendable {
    public let command: String
    public let platform: String
    public let processes: Int
    public var timeout: Double
    public var startupTimeout: Double?
    public var window: Int

    public init(command: String, platform: String, processes: Int, timeout: Double = 10, startupTimeout: Double? = nil, window: Int = 512) {
        self.command = command; self.platform = platform; self.processes = max(1, processes)
        self.timeout = timeout; self.startupTimeout = startupTimeout; self.window = window
    }

    /// With one process, `progress` is called after each fixture; with several (they report from
    /// their own threads), once at the end.
    public func verify(_ fixtures: [Fixture], progress: ((_ done: Int, _ total: Int) -> Void)? = nil) -> VerifyRun {
        let started = Date()
        guard processes > 1, fixtures.count > 1 else {
            let session = ReplaySession(command: command, timeout: timeout, startupTimeout: startupTimeout)
            defer { session.close() }
            return FixtureReplayer(session: session, platform: platform, window: window).verify(fixtures, progress: progress)
        }
        let count = min(processes, fixtures.count)
        let shards = (0..<count).map { shard in Array(stride(from: shard, to: fixtures.count, by: count)) }
        let collected = Locked([VerifyRun?](repeating: nil, count: shards.count))
        DispatchQueue.concurrentPerform(iterations: shards.count) { shard in
            let session = ReplaySession(command: command, timeout: timeout, startupTimeout: startupTimeout)
            let run = FixtureReplayer(session: session, platform: platform, window: window).verify(shards[shard].map { fixtures[$0] })
            session.close()
            collected.withLock { $0[shard] = run }
        }
        progress?(fixtures.count, fixtures.count)
        var results = [FixtureResult?](repeating: nil, count: fixtures.count)
        var failure: RunnerFailure?
        let runs = collected.withLock { stored in stored.map { $0! } }
        for (shard, run) in runs.enumerated() {
            for (position, result) in run.results.enumerated() { results[shards[shard][position]] = result }
            failure = failure ?? run.runnerFailure
        }
        return VerifyRun(platform: platform, runner: command, results: results.compactMap { $0 }, runnerFailure: failure,
                         startedAt: FixtureReplayer.timestamp(started),
                         durationMilliseconds: Int(Date().timeIntervalSince(started) * 1000))
    }
}

import Duet
import DuetReplay
import Foundation
import DuetFixtures

/// One flavor's runner through the protocol: its start-up to handshake (median of three fresh
/// processes), then steps/s once warm (a first pass over the fixtures warms a JIT; the second pass,
/// on the same runner process, is the one timed).
struct FlavorRun {
    var platform: String
    var startupSeconds: Double
    var warmRate: Double
    var run: VerifyRun

    static func measure(platform: String, command: String, fixtures: [Fixture], window: Int) -> FlavorRun? {
        var startups: [Double] = []
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            guard let client = try? ReplayClient(command: command, timeout: 30, startupTimeout: 120) else { return nil }
            startups.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            client.close()
        }
        let session = ReplaySession(command: command, timeout: 30, startupTimeout: 120)
        defer { session.close() }
        guard (try? session.client()) != nil else { return nil }
        let replayer = FixtureReplayer(session: session, platform: platform, window: window)
        _ = replayer.verify(fixtures)
        let start = DispatchTime.now().uptimeNanoseconds
        let run = replayer.verify(fixtures)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return FlavorRun(platform: platform, startupSeconds: startups.sorted()[1], warmRate: Double(run.stepCount) / seconds, run: run)
    }

    var line: String {
        String(format: "flavor %-7@ %10.0f steps/s warm  (%d steps, %d failures; start-up to handshake %.3f s)",
               platform, warmRate, run.stepCount, run.failedCount, startupSeconds)
    }
}

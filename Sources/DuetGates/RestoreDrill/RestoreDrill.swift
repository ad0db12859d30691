import Duet
import DuetCorpus
import DuetReplay
import Foundation

/// The restore drill of stored fixtures through one platform's runner (DESIGN §1): for every
/// snapshot, the runner `restore`s a full state from its spine, which must give the spine back byte
/// for byte; then the fixture's remaining actions are replayed from the restored state and every
/// later spine must equal the recorded one ("killed after step k, relaunched, the user goes on").
///
/// ```swift
/// let drill = RestoreDrill(command: "./memorylane-runner", platform: "swift")
/// let run = try drill.run(plans: DrillPlan.plans(try corpus.structures()), next: source)
/// run.findings.first?.description   // timeline step 2 node timeline: carry-on at path[0]: …
/// ```
public struct RestoreDrill: Sendable {
    /// The class of Android's saved-state limit.
    public static let defaultMaxSpineBytes = 50 * 1024

    public let command: String
    public let platform: String
    public var timeout: Double
    public var startupTimeout: Double?
    /// Requests written ahead of the answers read.
    public var window: Int
    public var maxSpineBytes: Int

    public init(command: String, platform: String, timeout: Double = 10, startupTimeout: Double? = nil, window: Int = 512,
                maxSpineBytes: Int = RestoreDrill.defaultMaxSpineBytes) {
        self.command = command; self.platform = platform; self.timeout = timeout; self.startupTimeout = startupTimeout
        self.window = max(1, window); self.maxSpineBytes = maxSpineBytes
    }

    /// Drills the subjects `next` yields (nil at the end). `progress` gets the fixtures done so far.
    /// Results come back in fixture-name order. `session`: a session already started for this
    /// command (the caller closes it); nil starts one.
    public func run(plans: [String: DrillPlan], session given: ReplaySession? = nil, next: () throws -> DrillSubject?,
                    progress: ((_ done: Int) -> Void)? = nil) throws -> DrillRun {
        var results: [DrillFixtureResult] = []
        var run = try run(plans: plans, session: given, next: next, progress: progress) { results.append($0) }
        results.sort { $0.fixture.utf8.lexicographicallyPrecedes($1.fixture.utf8) }
        run.results = results
        return run
    }

    /// The drill with each fixture's result handed to `report` as it finishes (in no set order),
    /// not kept: the run comes back without results.
    func run(plans: [String: DrillPlan], session given: ReplaySession?, next: () throws -> DrillSubject?,
             progress: ((_ done: Int) -> Void)?, report: (DrillFixtureResult) -> Void) throws -> DrillRun {
        let started = Date()
        let session = given ?? ReplaySession(command: command, timeout: timeout, startupTimeout: startupTimeout)
        defer { if given == nil { session.close() } }
        var done = 0
        let pipeline = DrillPipeline(session: session, window: window, options: .init(plans: plans, maxSpineBytes: maxSpineBytes))
        let requests = try pipeline.run(next: next) { result in
            report(result)
            done += 1
            progress?(done)
        }
        return DrillRun(platform: platform, runner: command, results: [], runnerFailure: session.endedBy,
                        startedAt: Self.timestamp(started), durationMilliseconds: Int(Date().timeIntervalSince(started) * 1000),
                        requests: requests)
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}

/// A runner command with its restart policy, shared by record and verify.
///
/// ```swift
/// let session = ReplaySession(command: "./runner", timeout: 10)
/// let client = try session.client()      // started (or restarted) on demand
/// …
/// session.runnerFailed(failure)           // the fixture in flight fails; the next call restarts
/// session.close()
/// ```
///
/// A failure restarts the runner; the session ends (`endedBy`), and callers stop the run cleanly,
/// after a second failure with no successful fixture in between, or once the runner has been
/// restarted `maximumRestarts` times and fails again — so a runner that stalls every so often costs
/// a few timeouts, not one per fixture.
public final class ReplaySession {
    public let command: String
    public let timeout: Double
    /// How long a (re)started runner may take to handshake; nil means `timeout`.
    public let startupTimeout: Double?
    /// Restarts one run allows; the next failure ends it.
    public let maximumRestarts: Int
    public private(set) var restarts = 0
    /// The failure that ended the session: the runner keeps failing.
    public private(set) var endedBy: RunnerFailure?
    private var current: ReplayClient?
    private var failuresInARow = 0
    private var failures = 0
    private var started = false

    public static let defaultMaximumRestarts = 3

    public init(command: String, timeout: Double = 10, startupTimeout: Double? = nil, maximumRestarts: Int = defaultMaximumRestarts) {
        self.command = command
        self.timeout = timeout
        self.startupTimeout = startupTimeout
        self.maximumRestarts = max(0, maximumRestarts)
    }

    deinit { current?.close() }

    /// The live client, starting or restarting the runner when needed.
    public func client() throws(RunnerFailure) -> ReplayClient {
        if let endedBy { throw endedBy }
        if let current, current.isAlive { return current }
        if started { restarts += 1 }
        started = true
        do {
            let client = try ReplayClient(command: command, timeout: timeout, startupTimeout: startupTimeout)
            current = client
            return client
        } catch {
            runnerFailed(error)
            if let endedBy { throw endedBy }
            return try self.client()
        }
    }

    /// Reports a runner failure; after two in a row, or one past the restarts allowed, the session ends.
    public func runnerFailed(_ failure: RunnerFailure) {
        current = nil
        failuresInARow += 1
        failures += 1
        if failuresInARow >= 2 {
            endedBy = failure
        } else if failures > maximumRestarts {
            var ending = failure
            ending.message = "failed \(failures) times in this run and was restarted \(restarts) times, the most a run allows; the last failure: \(failure.message)"
            endedBy = ending
        }
    }

    /// Reports a fixture the runner answered in full (pass or divergence alike).
    public func fixtureAnswered() { failuresInARow = 0 }

    public func close() {
        current?.close()
        current = nil
    }
}

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
/// A failure restarts the runner once; a second failure with no successful fixture in
/// between ends the session (`endedBy`), and callers stop the run cleanly.
public final class ReplaySession {
    public let command: String
    public let timeout: Double
    /// How long a (re)started runner may take to handshake; nil means `timeout`.
    public let startupTimeout: Double?
    public private(set) var restarts = 0
    /// The failure that ended the session: the runner keeps failing.
    public private(set) var endedBy: RunnerFailure?
    private var current: ReplayClient?
    private var failuresInARow = 0
    private var started = false

    public init(command: String, timeout: Double = 10, startupTimeout: Double? = nil) {
        self.command = command
        self.timeout = timeout
        self.startupTimeout = startupTimeout
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

    /// Reports a runner failure; after two in a row the session ends.
    public func runnerFailed(_ failure: RunnerFailure) {
        current = nil
        failuresInARow += 1
        if failuresInARow >= 2 { endedBy = failure }
    }

    /// Reports a fixture the runner answered in full (pass or divergence alike).
    public func fixtureAnswered() { failuresInARow = 0 }

    public func close() {
        current?.close()
        current = nil
    }
}

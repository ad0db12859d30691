import Duet
import DuetScenarios
import DuetRunner

/// The client side of the replay protocol: one running runner, its handshake, and requests.
///
/// ```swift
/// let client = try ReplayClient(command: "swift run memorylane-runner", timeout: 10)
/// let outcome = try client.reduce(feature: "counter", state: stateBytes, action: actionBytes)
/// client.close()
/// ```
///
/// Every wait is bounded by `timeout`. A runner that hangs, crashes, exits or writes
/// non-protocol bytes throws `RunnerFailure`; the client is then dead (`isAlive == false`) and
/// a new one must be started (`ReplaySession` does that).
public final class ReplayClient {
    public let command: String
    public let timeout: Double
    public let platform: String
    public let features: [String]
    /// The build the handshake named; nil when the runner sent none (`runnerBuild` then identifies it).
    public let sentBuild: String?
    public private(set) var isAlive = true
    private let process: RunnerProcess

    /// `startupTimeout` bounds the wait for the handshake (a runner may build first); `timeout` every request.
    public init(command: String, timeout: Double, startupTimeout: Double? = nil) throws(RunnerFailure) {
        self.command = command
        self.timeout = timeout
        process = try RunnerProcess(command: command)
        do throws(RunnerFailure) {
            let line = try process.nextLine(timeout: startupTimeout ?? timeout, waitingFor: "the handshake")
            let handshake = try Self.handshake(line, process: process)
            platform = handshake.platform
            features = handshake.features
            sentBuild = handshake.build
        } catch {
            process.terminate()
            throw error
        }
    }

    deinit { if isAlive { process.terminate() } }

    /// Which build answers: the handshake's `"build"`, else the hash of the executable launched
    /// (`RunnerBuild.ofCommand`), worked out once.
    public var runnerBuild: RunnerBuild {
        if let known = identified { return known }
        let build = RunnerBuild.sent(sentBuild) ?? RunnerBuild.ofCommand(command)
        identified = build
        return build
    }
    private var identified: RunnerBuild?

    /// Sends `exit`, gives the runner a moment to leave, then makes sure it is gone.
    public func close() {
        guard isAlive else { return }
        isAlive = false
        process.enqueue(ReplayProtocol.request(op: "exit"))
        _ = try? process.nextLine(timeout: 0.05, waitingFor: "exit")
        process.terminate(grace: 1)
    }

    // MARK: - Requests

    /// Queues a request line (with its newline); responses come back in order via `response()`.
    public func send(_ line: [UInt8]) { process.enqueue(line) }

    /// The next response as a parsed object. A line that is not a JSON object is garbage.
    public func response(waitingFor what: @autoclosure () -> String = "a response") throws(RunnerFailure) -> JSONValue {
        do throws(RunnerFailure) {
            let line = try process.nextLine(timeout: timeout, waitingFor: what())
            guard let value = try? CanonicalJSON.parse(line), value.objectValue != nil else {
                throw process.failure(.garbage, "wrote non-protocol bytes to stdout: \(Self.excerpt(line))")
            }
            return value
        } catch {
            isAlive = false
            process.terminate()
            throw error
        }
    }

    public func request(_ line: [UInt8], waitingFor what: String) throws(RunnerFailure) -> JSONValue {
        send(line)
        return try response(waitingFor: what)
    }

    public func reduce(feature: String, state: [UInt8], action: [UInt8]) throws(RunnerFailure) -> ReduceOutcome {
        let response = try request(ReplayProtocol.reduceRequest(feature: feature, state: state, action: action), waitingFor: "reduce \(feature)")
        return try reduceOutcome(response)
    }

    /// Reads a `reduce` response: the canonical state and effects, or the runner's refusal.
    public func reduceOutcome(_ response: JSONValue) throws(RunnerFailure) -> ReduceOutcome {
        if let message = response["error"]?.stringValue { return .refused(message) }
        guard let state = response["state"]?.stringValue, let effects = response["effects"]?.stringValue else {
            isAlive = false
            process.terminate()
            throw process.failure(.garbage, "answered reduce without \"state\" and \"effects\" strings: \(Self.excerpt(response.canonicalBytes))")
        }
        return .reduced(state: Array(state.utf8), effects: Array(effects.utf8))
    }

    public func describe() throws(RunnerFailure) -> Result<[FeatureStructure], ReplayRequestError> {
        let response = try request(ReplayProtocol.request(op: "describe"), waitingFor: "describe")
        if let message = response["error"]?.stringValue { return .failure(ReplayRequestError(op: "describe", message: message)) }
        do {
            let structures = try CanonicalDecoder().decode([FeatureStructure].self, from: response["features"] ?? .null)
            return .success(structures)
        } catch {
            return .failure(ReplayRequestError(op: "describe", message: "malformed answer: \(error)"))
        }
    }

    public func scenarios() throws(RunnerFailure) -> Result<RunnerScenarios, ReplayRequestError> {
        let response = try request(ReplayProtocol.request(op: "scenarios"), waitingFor: "scenarios")
        if let message = response["error"]?.stringValue { return .failure(ReplayRequestError(op: "scenarios", message: message)) }
        do {
            var result = RunnerScenarios(scenarios: [], chains: [])
            for (index, tree) in (response["scenarios"]?.arrayValue ?? []).enumerated() {
                result.scenarios.append(try ScenarioCoding.scenario(from: tree, at: "scenarios[\(index)]"))
            }
            for (index, tree) in (response["chains"]?.arrayValue ?? []).enumerated() {
                result.chains.append(try ScenarioCoding.chain(from: tree, at: "chains[\(index)]"))
            }
            return .success(result)
        } catch {
            return .failure(ReplayRequestError(op: "scenarios", message: error.description))
        }
    }

    /// Reads a `restore` response: the canonical state the runner rebuilt, or its refusal.
    public func restoreOutcome(_ response: JSONValue) throws(RunnerFailure) -> RestoreOutcome {
        if let message = response["error"]?.stringValue { return .refused(message) }
        guard let state = response["state"]?.stringValue else {
            isAlive = false
            process.terminate()
            throw process.failure(.garbage, "answered restore without a \"state\" string: \(Self.excerpt(response.canonicalBytes))")
        }
        return .restored(state: Array(state.utf8))
    }

    public func restore(feature: String, spine: JSONValue, base: JSONValue? = nil) throws(RunnerFailure) -> Result<JSONValue, ReplayRequestError> {
        let line = ReplayProtocol.restoreRequest(feature: feature, spine: spine.canonicalBytes, base: base?.canonicalBytes)
        let response = try request(line, waitingFor: "restore \(feature)")
        if let message = response["error"]?.stringValue { return .failure(ReplayRequestError(op: "restore", message: message)) }
        guard let text = response["state"]?.stringValue, let state = try? CanonicalJSON.parse(text) else {
            return .failure(ReplayRequestError(op: "restore", message: "answer has no canonical \"state\" string"))
        }
        return .success(state)
    }

    // MARK: - Handshake

    private static func handshake(_ line: [UInt8], process: RunnerProcess) throws(RunnerFailure) -> (platform: String, features: [String], build: String?) {
        guard let value = try? CanonicalJSON.parse(line), value.objectValue != nil else {
            throw process.failure(.handshake, "first line is not the duet-replay handshake: \(excerpt(line)) — is this a replay runner?")
        }
        guard value["protocol"]?.stringValue == ReplayProtocol.name else {
            throw process.failure(.handshake, "speaks protocol \(value["protocol"].map { $0.canonicalString } ?? "(none)"), expected \"\(ReplayProtocol.name)\"")
        }
        guard value["version"]?.intValue == ReplayProtocol.version else {
            throw process.failure(.handshake, "speaks duet-replay version \(value["version"].map { $0.canonicalString } ?? "(none)"), this duet speaks version \(ReplayProtocol.version) — rebuild the runner against this DuetReplay")
        }
        let features = value["features"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let platform = value["platform"]?.stringValue ?? "unknown"
        // The platform names every stored run and report line: a word, never characters that hide text.
        do { try NameRule.check(platform, as: .runner) } catch {
            throw process.failure(.handshake, "names its platform \"\(error.escapedName)\", which \(error.reason) — a runner's platform is a word such as swift or kotlin")
        }
        return (platform, features, RunnerBuild.sent(value["build"]?.stringValue)?.stored)
    }

    static func excerpt(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(80), as: UTF8.self)
        return "`" + text + (bytes.count > 80 ? "…" : "") + "`"
    }
}

/// What a `reduce` answered.
public enum ReduceOutcome: Sendable, Equatable {
    /// Canonical compact bytes of the new state and of the effects array.
    case reduced(state: [UInt8], effects: [UInt8])
    /// The runner refused the request (`{"error":…}`): a per-request failure, the runner lives on.
    case refused(String)
}

/// What a `restore` answered.
public enum RestoreOutcome: Sendable, Equatable {
    /// Canonical compact bytes of the state rebuilt from the spine.
    case restored(state: [UInt8])
    /// The runner refused the request (`{"error":…}`).
    case refused(String)
}

/// The scenario definitions a runner carries.
public struct RunnerScenarios: Sendable, Equatable {
    public var scenarios: [ScenarioDefinition]
    public var chains: [ChainDefinition]
}

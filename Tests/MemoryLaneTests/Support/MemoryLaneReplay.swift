import Duet
import DuetReplay
import DuetScenarios
import MemoryLane
import XCTest
import DuetRunner

/// Memory Lane served in-process exactly as `memorylane-runner` serves it, so tests drive the
/// same decode → reduce → encode path the CLI records fixtures through.
struct MemoryLaneReplay {
    let server: ReplayServer

    init() {
        var registry = ReplayRegistry(platform: "swift")
        for feature in MemoryLaneApp.features { Self.serve(feature, in: &registry) }
        registry.addScenarios(MemoryLaneApp.scenarios)
        registry.addChains(MemoryLaneApp.chains)
        server = ReplayServer(registry)
    }

    private static func serve<F: Feature>(_ feature: F.Type, in registry: inout ReplayRegistry) {
        let structure = try? describe(F.self)
        registry.register(feature, describe: structure.map { structure in { structure } })
    }

    struct Reduced {
        var state: JSONValue
        var effects: [JSONValue]
    }

    struct ReplayError: Error, CustomStringConvertible {
        var description: String
    }

    func reduce(_ feature: String, state: JSONValue, action: JSONValue) throws -> Reduced {
        let request = ReplayProtocol.reduceRequest(feature: feature, state: state.canonicalBytes, action: action.canonicalBytes)
        guard let line = server.respond(to: Array(request.dropLast())) else { throw ReplayError(description: "no response") }
        let response = try CanonicalJSON.parse(Array(line.dropLast()))
        if let error = response["error"]?.stringValue { throw ReplayError(description: error) }
        guard let stateText = response["state"]?.stringValue, let effectsText = response["effects"]?.stringValue else {
            throw ReplayError(description: "malformed response \(response.canonicalString)")
        }
        return Reduced(state: try CanonicalJSON.parse(stateText), effects: try CanonicalJSON.parse(effectsText).arrayValue ?? [])
    }

    /// The runner's verdicts on the `.state` claims of one step (the `claims` op the recorder sends).
    func claims(fixture: String, step: Int, state: JSONValue) throws -> [ClaimOutcome] {
        let request = ReplayProtocol.request(op: "claims", [("fixture", .string(fixture)), ("step", .int(Int64(step))), ("state", state)])
        guard let line = server.respond(to: Array(request.dropLast())) else { throw ReplayError(description: "no response") }
        let response = try CanonicalJSON.parse(Array(line.dropLast()))
        if let error = response["error"]?.stringValue { throw ReplayError(description: error) }
        return (response["claims"]?.arrayValue ?? []).map { ClaimOutcome(says: $0["says"]?.stringValue ?? "", holds: $0["holds"]?.boolValue ?? false) }
    }

    /// A recorded leaf fixture: the state after each step (index 0 is the initial state).
    struct Recording {
        var fixture: String
        var feature: String
        var actions: [JSONValue]
        var states: [JSONValue]
        var effects: [[JSONValue]]
    }

    func record(_ scenario: ScenarioDefinition) throws -> [Recording] {
        try scenario.paths().map { path in
            var recording = Recording(fixture: path.fixture, feature: scenario.feature, actions: [], states: [scenario.initialState], effects: [])
            for step in path.steps {
                do {
                    let reduced = try reduce(scenario.feature, state: recording.states.last!, action: step.action)
                    recording.actions.append(step.action)
                    recording.states.append(reduced.state)
                    recording.effects.append(reduced.effects)
                } catch {
                    throw ReplayError(description: "\(path.fixture) step \"\(step.label)\" (\(scenario.source):\(step.line)): \(error)")
                }
            }
            return recording
        }
    }

    func recordAll() throws -> [Recording] {
        try MemoryLaneApp.scenarios.flatMap(record)
    }
}

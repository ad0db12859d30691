import Duet
import DuetScenarios

/// Scenario and chain definitions as protocol trees (the `scenarios` op), both directions.
///
/// ```swift
/// let tree = ScenarioCoding.tree(definition)
/// let back = try ScenarioCoding.scenario(from: tree)   // == definition
/// ```
public enum ScenarioCoding {
    public struct ShapeError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "scenarios response: \(path): \(message) — the runner's scenario list is malformed; update the runner's DuetRunner" }
    }

    // MARK: - Writing

    /// `claims: false` leaves the steps' claims out: the corpus indexes what was recorded, and the
    /// claims were checked when it was.
    public static func tree(_ scenario: ScenarioDefinition, claims: Bool = true) -> JSONValue {
        ReplayProtocol.object([
            ("feature", .string(scenario.feature)), ("fixture", .string(scenario.fixture)),
            ("description", .string(scenario.description)), ("source", .string(scenario.source)),
            ("initialState", scenario.initialState),
            ("steps", .array(scenario.steps.map { tree($0, claims: claims) })),
            ("branches", .array(scenario.branches.map { tree($0, claims: claims) })),
        ])
    }

    public static func tree(_ chain: ChainDefinition) -> JSONValue {
        var states = JSONObject()
        for (node, state) in chain.initialStates { states[node] = state }
        return ReplayProtocol.object([
            ("chain", .string(chain.chain)), ("description", .string(chain.description)),
            ("source", .string(chain.source)), ("initialStates", .object(states)),
            ("steps", .array(chain.steps.map { step in
                ReplayProtocol.object([
                    ("node", .string(step.node)), ("label", .string(step.label)), ("line", .int(Int64(step.line))),
                    ("action", step.action), ("linkToNext", .bool(step.linkToNext)),
                ])
            })),
        ])
    }

    static func tree(_ step: ScenarioStep, claims: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [("label", .string(step.label)), ("line", .int(Int64(step.line))), ("action", step.action)]
        if claims, !step.claims.isEmpty {
            members.append(("claims", .array(step.claims.map { claim in
                claim.kind == .inert ? ReplayProtocol.object([("kind", .string(claim.kind.rawValue))])
                    : ReplayProtocol.object([("kind", .string(claim.kind.rawValue)), ("says", .string(claim.says))])
            })))
        }
        return ReplayProtocol.object(members)
    }

    static func tree(_ branch: ScenarioBranch, claims: Bool) -> JSONValue {
        ReplayProtocol.object([
            ("name", .string(branch.name)), ("steps", .array(branch.steps.map { tree($0, claims: claims) })),
            ("branches", .array(branch.branches.map { tree($0, claims: claims) })),
        ])
    }

    // MARK: - Reading

    public static func scenario(from tree: JSONValue, at path: String = "scenario") throws(ShapeError) -> ScenarioDefinition {
        ScenarioDefinition(
            feature: try string(tree, "feature", path), fixture: try string(tree, "fixture", path),
            description: try string(tree, "description", path), source: try string(tree, "source", path),
            initialState: try value(tree, "initialState", path),
            steps: try steps(tree, path), branches: try branches(tree, path))
    }

    public static func chain(from tree: JSONValue, at path: String = "chain") throws(ShapeError) -> ChainDefinition {
        guard let states = try value(tree, "initialStates", path).objectValue else {
            throw ShapeError(path: path + ".initialStates", message: "expected an object")
        }
        var initialStates: [String: JSONValue] = [:]
        for member in states.members { initialStates[member.key] = member.value }
        var steps: [ChainStep] = []
        for (index, step) in try array(tree, "steps", path).enumerated() {
            let at = "\(path).steps[\(index)]"
            steps.append(ChainStep(
                node: try string(step, "node", at), label: try string(step, "label", at), line: try int(step, "line", at),
                action: try value(step, "action", at), linkToNext: step["linkToNext"]?.boolValue ?? false))
        }
        return ChainDefinition(chain: try string(tree, "chain", path), description: try string(tree, "description", path),
                               source: try string(tree, "source", path), initialStates: initialStates, steps: steps)
    }

    private static func steps(_ tree: JSONValue, _ path: String) throws(ShapeError) -> [ScenarioStep] {
        var steps: [ScenarioStep] = []
        for (index, step) in try array(tree, "steps", path).enumerated() {
            let at = "\(path).steps[\(index)]"
            steps.append(ScenarioStep(label: try string(step, "label", at), line: try int(step, "line", at), action: try value(step, "action", at),
                                      claims: try claims(step, at)))
        }
        return steps
    }

    /// A step's claims; absent means none. An unknown kind is refused, never skipped.
    private static func claims(_ step: JSONValue, _ path: String) throws(ShapeError) -> [StepClaim] {
        guard step["claims"] != nil else { return [] }
        var claims: [StepClaim] = []
        for (index, claim) in try array(step, "claims", path).enumerated() {
            let at = "\(path).claims[\(index)]"
            switch try string(claim, "kind", at) {
            case StepClaim.Kind.inert.rawValue: claims.append(StepClaim(kind: .inert, says: "inert"))
            case StepClaim.Kind.state.rawValue: claims.append(StepClaim(kind: .state, says: try string(claim, "says", at)))
            case let kind: throw ShapeError(path: at + ".kind", message: "unknown claim \"\(kind)\" (this duet knows inert and state)")
            }
        }
        return claims
    }

    private static func branches(_ tree: JSONValue, _ path: String) throws(ShapeError) -> [ScenarioBranch] {
        guard tree["branches"] != nil else { return [] }
        var branches: [ScenarioBranch] = []
        for (index, branch) in try array(tree, "branches", path).enumerated() {
            let at = "\(path).branches[\(index)]"
            branches.append(ScenarioBranch(name: try string(branch, "name", at), steps: try steps(branch, at), branches: try self.branches(branch, at)))
        }
        return branches
    }

    private static func value(_ tree: JSONValue, _ key: String, _ path: String) throws(ShapeError) -> JSONValue {
        guard let value = tree[key] else { throw ShapeError(path: "\(path).\(key)", message: "missing") }
        return value
    }
    private static func string(_ tree: JSONValue, _ key: String, _ path: String) throws(ShapeError) -> String {
        guard let value = try value(tree, key, path).stringValue else { throw ShapeError(path: "\(path).\(key)", message: "expected a string") }
        return value
    }
    private static func int(_ tree: JSONValue, _ key: String, _ path: String) throws(ShapeError) -> Int {
        guard let value = try value(tree, key, path).intValue else { throw ShapeError(path: "\(path).\(key)", message: "expected an integer") }
        return Int(value)
    }
    private static func array(_ tree: JSONValue, _ key: String, _ path: String) throws(ShapeError) -> [JSONValue] {
        guard let value = try value(tree, key, path).arrayValue else { throw ShapeError(path: "\(path).\(key)", message: "expected an array") }
        return value
    }
}

import Duet

/// Reading and writing the fixture document (the JSON object in a `*.fixture.json` file).
///
/// ```swift
/// let fixture = try Fixture(name: "counter", document: CanonicalJSON.parse(bytes))
/// try Fixture.fileName(for: fixture.name)   // "counter.fixture.json"
/// fixture.document.prettyBytes              // the file again, byte for byte
/// ```
///
/// Keys the model does not know are kept in `extras` (top level, `scenario`, each step), so any
/// file the pinned pretty writer produced is reproduced exactly.
extension Fixture {
    /// Reads a parsed fixture document.
    public init(name: String, document: JSONValue) throws(FixtureShapeError) {
        guard case .object(let object) = document else {
            throw FixtureShapeError(fixture: name, path: "", message: "a fixture document must be a JSON object")
        }
        let reader = ShapeReader(fixture: name)
        self.init(name: name, steps: [])
        for member in object.members {
            let key = member.key, value = member.value
            switch key {
            case "chain": chain = try reader.string(value, key)
            case "dialect": dialect = try reader.int(value, key)
            case "description": description = try reader.string(value, key)
            case "feature": feature = try reader.string(value, key)
            case "initialState": initialState = value
            case "initialStates": initialStates = try reader.object(value, key)
            case "scenario":
                let scenario = try reader.object(value, key)
                guard !scenario.isEmpty else { extras[key] = value; continue }
                for inner in scenario.members {
                    switch inner.key {
                    case "source": scenarioSource = try reader.string(inner.value, "scenario.source")
                    case "branch": scenarioBranch = try reader.string(inner.value, "scenario.branch")
                    default: scenarioExtras[inner.key] = inner.value
                    }
                }
            case "steps":
                guard case .array(let items) = value else { throw reader.refuse(key, "expected an array of steps") }
                steps.reserveCapacity(items.count)
                for (index, item) in items.enumerated() { steps.append(try reader.step(item, "steps[\(index)]")) }
            default: extras[key] = value
            }
        }
        stepsOmitted = object["steps"] == nil
    }

    /// The document as it is written to disk (through `prettyBytes`).
    public var document: JSONValue {
        var object = extras
        object["chain"] = chain.map(JSONValue.string)
        object["description"] = description.map(JSONValue.string)
        object["dialect"] = dialect.map { .int(Int64($0)) }
        object["feature"] = feature.map(JSONValue.string)
        object["initialState"] = initialState
        object["initialStates"] = initialStates.map(JSONValue.object)
        var scenario = scenarioExtras
        scenario["source"] = scenarioSource.map(JSONValue.string)
        scenario["branch"] = scenarioBranch.map(JSONValue.string)
        if !scenario.isEmpty { object["scenario"] = .object(scenario) }
        if !stepsOmitted { object["steps"] = .array(steps.map(\.document)) }
        return .object(object)
    }

    /// `<name>.fixture.json`; refuses a name `NameRule` refuses (one that would leave the folder,
    /// hide characters, or not fit in a file name).
    public static func fileName(for name: String) throws(FixtureShapeError) -> String {
        do { try NameRule.check(name, as: .fixture) } catch {
            throw FixtureShapeError(fixture: error.escapedName, path: "", message: "the fixture name \(error.reason) — \(error.fix)")
        }
        return name + ".fixture.json"
    }
}

extension FixtureStep {
    /// The step as it appears in a fixture document.
    public var document: JSONValue {
        var object = extras
        object["action"] = action
        object["expectedEffects"] = expectedEffects
        object["expectedState"] = expectedState
        object["label"] = label.map(JSONValue.string)
        object["line"] = line.map { .int(Int64($0)) }
        object["linkToNext"] = linkToNext.map(JSONValue.bool)
        object["node"] = node.map(JSONValue.string)
        return .object(object)
    }
}

/// Typed reads with shape errors that name the fixture and the path.
private struct ShapeReader {
    var fixture: String

    func refuse(_ path: String, _ message: String) -> FixtureShapeError {
        FixtureShapeError(fixture: fixture, path: path, message: message)
    }
    func string(_ value: JSONValue, _ path: String) throws(FixtureShapeError) -> String {
        guard case .string(let s) = value else { throw refuse(path, "expected a string") }
        return s
    }
    func int(_ value: JSONValue, _ path: String) throws(FixtureShapeError) -> Int {
        guard case .int(let i) = value, let small = Int(exactly: i) else { throw refuse(path, "expected an integer") }
        return small
    }
    func object(_ value: JSONValue, _ path: String) throws(FixtureShapeError) -> JSONObject {
        guard case .object(let o) = value else { throw refuse(path, "expected an object") }
        return o
    }

    func step(_ value: JSONValue, _ path: String) throws(FixtureShapeError) -> FixtureStep {
        let object = try self.object(value, path)
        guard let action = object["action"] else { throw refuse(path, "a step needs an \"action\"") }
        guard let effects = object["expectedEffects"] else { throw refuse(path, "a step needs \"expectedEffects\"") }
        guard case .array = effects else { throw refuse(path + ".expectedEffects", "expected an array of effects") }
        var step = FixtureStep(action: action, expectedState: nil, expectedEffects: effects)
        for member in object.members {
            let key = member.key, inner = member.value, innerPath = path + "." + key
            switch key {
            case "action", "expectedEffects": continue
            case "expectedState": step.expectedState = inner
            case "label": step.label = try string(inner, innerPath)
            case "line": step.line = try int(inner, innerPath)
            case "node": step.node = try string(inner, innerPath)
            case "linkToNext":
                guard case .bool(let flag) = inner else { throw refuse(innerPath, "expected true or false") }
                step.linkToNext = flag
            default: step.extras[key] = inner
            }
        }
        return step
    }
}

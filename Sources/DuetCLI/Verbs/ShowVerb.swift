import Duet
import DuetCorpus
import DuetFixtures

/// `duet show FIXTURE[#STEP] [--format json]`
struct ShowVerb: Verb {
    static let name = "show"
    static let summary = "Show one fixture (every step: action, effects, what changed in the state) or one step of it."
    static let discussion = """
    FIXTURE is a fixture name (`duet query fixtures` lists them); FIXTURE#STEP shows step STEP
    (0-based, as reports number them) with its action and effects in full and the state as a
    unified diff against the state it reduced from. --format json for tools.

    Example:
      duet show splash.finds-none
      duet show splash.finds-none#1
    """
    static let options: [OptionSpec] = [.positional("FIXTURE[#STEP]", help: "The fixture, or one step of it.", optional: false), .format]

    let fixture: String
    let step: Int?
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        let target = try arguments.positional(0, named: "FIXTURE[#STEP]")
        if let hash = target.lastIndex(of: "#") {
            let raw = String(target[target.index(after: hash)...])
            guard let number = Int(raw), number >= 0 else { throw UsageError("STEP after '#' is a step number from 0, not '\(raw)'") }
            fixture = String(target[..<hash]); step = number
        } else {
            fixture = target; step = nil
        }
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        guard let stored = try context.corpus(for: .reading).fixtures(name: try context.resolveFixture(fixture)).first else {
            throw InputError(file: fixture, message: "no fixture of that name", fix: "`duet query fixtures` lists them")
        }
        if let step, !stored.steps.indices.contains(step) {
            throw InputError(file: "\(fixture)#\(step)", message: "the fixture has \(stored.steps.count) step(s), numbered from 0",
                             fix: "pick a step from 0 to \(max(0, stored.steps.count - 1))")
        }
        let steps = step.map { [$0] } ?? Array(stored.steps.indices)
        if format == .json {
            context.write(FixtureWalkthrough.json(stored, steps: steps, full: step != nil).prettyString)
        } else {
            context.write(step == nil ? FixtureWalkthrough.text(stored) : FixtureWalkthrough.text(stored, step: step!, colour: context.usesColour))
        }
        return .holds
    }
}

/// How `show` renders a fixture: per step what was sent, what came out and what changed.
enum FixtureWalkthrough {
    static func text(_ fixture: Fixture) -> String {
        var out = "\(fixture.name)  (\(fixture.feature ?? "chain \(fixture.chain ?? "")"), dialect \(fixture.dialect ?? 1), \(fixture.steps.count) step(s))\n"
        if let description = fixture.description { out += "  \(description)\n" }
        if let source = fixture.scenarioSource { out += "  scenario: \(source)" + (fixture.scenarioBranch.map { ", branch \($0)" } ?? "") + "\n" }
        for index in fixture.steps.indices {
            let step = fixture.steps[index]
            out += "\n  #\(index)" + (step.node.map { " [\($0)]" } ?? "") + (step.label.map { "  \($0)" } ?? "")
                + (source(fixture, index).map { "  (\($0))" } ?? "") + "\n"
            out += "      action   \(step.action.canonicalString)\n"
            out += "      effects  \(step.expectedEffects.canonicalString)\n"
            if let changes = changes(fixture, index) {
                out += "      state    " + (changes.isEmpty ? "unchanged" : changes.map { "\($0.path.isEmpty ? "(root)" : $0.path): \($0.expected ?? "(absent)") → \($0.actual ?? "(absent)")" }.joined(separator: "; ")) + "\n"
            }
            if step.linkToNext == true { out += "      linkToNext: its effects are the next step's action\n" }
        }
        return out
    }

    static func text(_ fixture: Fixture, step index: Int, colour: Bool) -> String {
        let step = fixture.steps[index]
        var out = "\(fixture.name)#\(index)" + (step.node.map { " [\($0)]" } ?? "") + (step.label.map { "  \($0)" } ?? "")
            + (source(fixture, index).map { "  (\($0))" } ?? "") + "\n"
        out += "\naction:\n" + indent(step.action.prettyString) + "\neffects:\n" + indent(step.expectedEffects.prettyString)
        if let before = fixture.stateBefore(step: index), let after = step.expectedState {
            let diff = UnifiedDiff(old: before.prettyString, new: after.prettyString)
            out += "\nstate, against \(index == 0 ? "the initial state" : "step \(index - 1)"):\n"
            out += diff.isEmpty ? "  unchanged\n" : diff.render(oldName: index == 0 ? "initialState" : "step \(index - 1)", newName: "step \(index)", colour: colour)
        }
        return out
    }

    static func json(_ fixture: Fixture, steps: [Int], full: Bool) -> JSONValue {
        var object = JSONObject()
        object["fixture"] = .string(fixture.name)
        object["feature"] = fixture.feature.map(JSONValue.string)
        object["chain"] = fixture.chain.map(JSONValue.string)
        object["steps"] = .array(steps.map { index in
            let step = fixture.steps[index]
            var entry = JSONObject()
            entry["step"] = .int(Int64(index))
            entry["node"] = step.node.map(JSONValue.string)
            entry["label"] = step.label.map(JSONValue.string)
            entry["source"] = source(fixture, index).map(JSONValue.string)
            entry["action"] = step.action
            entry["effects"] = step.expectedEffects
            if full { entry["state"] = step.expectedState }
            entry["changes"] = changes(fixture, index).map { changes in
                .array(changes.map { change in
                    var item = JSONObject()
                    item["path"] = .string(change.path)
                    item["before"] = change.expected.map(JSONValue.string)
                    item["after"] = change.actual.map(JSONValue.string)
                    return .object(item)
                })
            }
            return .object(entry)
        })
        return .object(object)
    }

    private static func changes(_ fixture: Fixture, _ index: Int) -> [Divergence]? {
        guard let before = fixture.stateBefore(step: index), let after = fixture.steps[index].expectedState else { return nil }
        return JSONValue.differences(expected: before, actual: after)
    }

    private static func source(_ fixture: Fixture, _ index: Int) -> String? {
        guard let file = fixture.scenarioSource else { return nil }
        return fixture.steps[index].line.map { "\(file):\($0)" } ?? file
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
    }
}

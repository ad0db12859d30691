import Duet
import DuetScenarios

/// The scenarios the sample runner carries. `relabel` changes only metadata (labels), so the
/// drift gate must let it through.
enum SampleScenarios {
    static func all(relabel: Bool) -> [ScenarioDefinition] {
        let suffix = relabel ? " (renamed)" : ""
        return [
            ScenarioDefinition(
                feature: "tally", fixture: "tally", description: "Counting up, naming, a sheet and a save.",
                source: "Tests/SampleRunner/SampleScenarios.swift", initialState: state(Tally.State()),
                steps: [
                    ScenarioStep(label: "increment" + suffix, line: #line, action: action(Tally.Action.increment)),
                    ScenarioStep(label: "increment again", line: #line, action: action(Tally.Action.increment)),
                    ScenarioStep(label: "name it", line: #line, action: action(Tally.Action.named("first"))),
                    ScenarioStep(label: "a third increment", line: #line, action: action(Tally.Action.increment)),
                    ScenarioStep(label: "open the editor", line: #line, action: action(Tally.Action.present(.editor(name: "n")))),
                    ScenarioStep(label: "save", line: #line, action: action(Tally.Action.save(id: "A1B2C3D4-0000-4000-8000-00000000000F"))),
                ]),
            ScenarioDefinition(
                feature: "tally", fixture: "tally-endings", description: "A shared prefix with two endings.",
                source: "Tests/SampleRunner/SampleScenarios.swift", initialState: state(Tally.State()),
                steps: [ScenarioStep(label: "increment", line: #line, action: action(Tally.Action.increment))],
                branches: [
                    ScenarioBranch(name: "keeps counting", steps: [
                        ScenarioStep(label: "increment", line: #line, action: action(Tally.Action.increment)),
                        ScenarioStep(label: "increment", line: #line, action: action(Tally.Action.increment)),
                    ]),
                    ScenarioBranch(name: "changes its mind", steps: [
                        ScenarioStep(label: "decrement", line: #line, action: action(Tally.Action.decrement)),
                        ScenarioStep(label: "about", line: #line, action: action(Tally.Action.present(.about))),
                        ScenarioStep(label: "dismiss", line: #line, action: action(Tally.Action.dismiss)),
                    ]),
                ]),
        ]
    }

    /// A scenario whose steps claim what they do; `variant` other than `holds` makes one claim false.
    static func claims(_ variant: String) -> [ScenarioDefinition] {
        [
            Scenario(Tally.self, "tally.claims", "Steps that say what they do.", initial: Tally.State()) {
                Step("increment to one", .increment, .state("the count is one") { $0.count == 1 })
                Step("about", .present(.about))
                Step("about again is inert", .present(.about), .inert)
                switch variant {
                case "inert-changes-state": Step("an increment is inert", .increment, .inert)
                case "inert-has-effects": Step("save is inert", .save(id: "S1"), .inert)
                case "state-false": Step("increment to ten", .increment, .state("the count is ten") { $0.count == 10 })
                default: Step("dismiss", .dismiss, .state("the sheet is closed") { $0.sheet == nil })
                }
            }.definition,
        ]
    }

    /// Scenarios whose names `record` must refuse: `long-name` (a name no file name can carry),
    /// `duplicate` (a second `tally` from another source), `bidi` (a right-to-left override).
    static func odd(_ variant: String) -> [ScenarioDefinition] {
        let name: String, source: String
        switch variant {
        case "long-name": name = "tally." + String(repeating: "x", count: 300); source = "Tests/SampleRunner/SampleScenarios.swift"
        case "duplicate": name = "tally"; source = "Tests/SampleRunner/OtherScenarios.swift"
        default: name = "tally.\u{202E}evil"; source = "Tests/SampleRunner/SampleScenarios.swift"
        }
        return [ScenarioDefinition(feature: "tally", fixture: name, description: "A scenario with an odd name.", source: source,
                                   initialState: state(Tally.State()),
                                   steps: [ScenarioStep(label: "increment", line: #line, action: action(Tally.Action.increment))])]
    }

    static let chains = [
        ChainDefinition(
            chain: "ping-pong", description: "ping's delegate crosses the seam as pong's action.",
            source: "Tests/SampleRunner/SampleScenarios.swift",
            initialStates: ["ping": state(Ping.State()), "pong": state(Pong.State())],
            steps: [
                ChainStep(node: "ping", label: "fire", line: #line, action: action(Ping.Action.fire), linkToNext: true),
                ChainStep(node: "pong", label: "the seam", line: #line, action: action(Pong.Action.pingFired(count: 1))),
            ]),
    ]

    private static func state<T: Encodable>(_ value: T) -> JSONValue { try! CanonicalEncoder().encode(value) }
    private static func action<T: Encodable>(_ value: T) -> JSONValue { try! CanonicalEncoder().encode(value) }
}

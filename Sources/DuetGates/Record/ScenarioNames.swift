import Duet
import DuetReplay

/// The fixture names a runner's scenarios and chains give, checked before anything is recorded:
/// each passes `NameRule` (it becomes a file name and appears in every report), and no two
/// scenarios give one name (the second would silently overwrite the first's fixture).
///
/// ```swift
/// try ScenarioNames.check(try client.scenarios().get())
/// // InputError: Tests/OtherScenarios.swift: two scenarios are named "tally" (…) — rename one of them
/// ```
enum ScenarioNames {
    static func check(_ runner: RunnerScenarios) throws {
        var sources: [String: String] = [:]
        let named = runner.scenarios.flatMap { scenario in scenario.paths().map { (name: $0.fixture, source: scenario.source) } }
            + runner.chains.map { (name: "chain-" + $0.chain, source: $0.source) }
        for (name, source) in named {
            do { try NameRule.check(name, as: .scenario) } catch {
                throw InputError(file: source, message: "scenario name \"\(error.escapedName)\" \(error.reason)", fix: error.fix)
            }
            if let first = sources[name] {
                throw InputError(file: source, message: "two scenarios are named \"\(name)\" (one in \(first), the other in \(source)): "
                                     + "the second would overwrite the first's fixture", fix: "rename one of them")
            }
            sources[name] = source
        }
    }
}

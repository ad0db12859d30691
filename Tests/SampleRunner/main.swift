// A replay runner over sample features, for DuetReplay's tests and benchmarks.
// `--mutate` breaks one reducer rule; `--relabel` renames a step label (metadata only);
// `--crashable` makes `named("crash")` exit and `named("hang")` hang; `--describe-sheet-as-data`
// answers `describe` with Tally's slot declared as data (a declaration-parity difference);
// `--stall-after N` stops answering after N reductions; `--claims VARIANT` adds a scenario whose
// steps claim what they do (`holds`, or one claim false: `inert-changes-state`, `inert-has-effects`, `state-false`);
// `--odd-scenario VARIANT` adds a scenario whose name record must refuse (`long-name`, `duplicate`, `bidi`).
import DuetRunner

Tally.mutated = CommandLine.arguments.contains("--mutate")
Tally.crashes = CommandLine.arguments.contains("--crashable")
if let flag = CommandLine.arguments.firstIndex(of: "--stall-after"), flag + 1 < CommandLine.arguments.count {
    Tally.stallAfter = Int(CommandLine.arguments[flag + 1])
}
var registry = ReplayRegistry(platform: "swift")
let describesSheetAsData = CommandLine.arguments.contains("--describe-sheet-as-data")
registry.register(Tally.self, describe: { describesSheetAsData ? Tally.structureWithSheetAsData : Tally.structure })
registry.register(Ping.self)
registry.register(Pong.self)
registry.addScenarios(SampleScenarios.all(relabel: CommandLine.arguments.contains("--relabel")))
if let flag = CommandLine.arguments.firstIndex(of: "--claims"), flag + 1 < CommandLine.arguments.count {
    registry.addScenarios(SampleScenarios.claims(CommandLine.arguments[flag + 1]))
}
if let flag = CommandLine.arguments.firstIndex(of: "--odd-scenario"), flag + 1 < CommandLine.arguments.count {
    registry.addScenarios(SampleScenarios.odd(CommandLine.arguments[flag + 1]))
}
registry.addChains(SampleScenarios.chains)
ReplayServer(registry).serve()

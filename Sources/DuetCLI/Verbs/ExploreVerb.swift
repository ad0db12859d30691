import Foundation
import DuetCorpus
import DuetGates
import DuetManifest

/// `duet explore [--platform all|swift|kotlin] [--feature F] [--budget STEPS] [--time SECONDS] [--seed N] [--depth N]`,
/// `duet explore --replay NAME`
struct ExploreVerb: Verb {
    static let name = "explore"
    static let summary = "Generate action sequences from recorded states, replay each step on every platform, shrink and record what differs."
    static let discussion = """
    Walks start at recorded states (any snapshot of a fixture of record) and send each feature's
    action cases — payloads from the values the fixtures hold in each place plus the boundary values
    of their type (0, 1, -1, the Int64 extremes, empty, blank, long and non-BMP strings, ids the state
    holds and fresh ones, dates at the ends of the calendar) — all deterministic per --seed. Every step
    goes to every runner: canonical state and effect bytes must agree between platforms; a runner that
    refuses or crashes on a well-formed action is a finding too. With one platform the oracle is that
    rule and the restore drill's. At every --restore-every-th walk the restore drill's round-trip and
    carry-on rules are checked at the explored states (drill.rulings apply by feature, rule and path).
    A finding is shrunk (fewest actions from the nearest recorded state, then simplest payloads) and
    written as the pending recording explore.<feature>.<hash> with what each platform answered:
    `duet pending show NAME` shows both sides, `duet explore --replay NAME` replays it (and, once the
    platforms agree, re-records it so `pending accept` can make it a fixture of record). The run and
    what it reached are stored (`duet coverage` reads them). Declared action cases no fixture sends
    have no known payload and are not generated: they are listed (record their fixture first).
    Exit 0 nothing found, 1 findings (or nothing explored), 2 bad input, 3 a runner missing or failing.

    Example: duet explore --platform all --budget 100000 --seed 1
             duet explore --platform all --feature timeline --time 30 --junit explore.xml
             duet explore --replay explore.timeline.3fa9c1e2b4d0
    """
    static let options: [OptionSpec] = [
        .value("--platform", placeholder: "P", help: "all (default: each the other's oracle), swift or kotlin."),
        .value("--feature", placeholder: "F", help: "Only this feature."),
        .value("--budget", placeholder: "STEPS", help: "Steps to take, each sent to every platform (default 10000)."),
        .value("--time", placeholder: "SECONDS", help: "Start no walk after this many seconds."),
        .value("--seed", placeholder: "N", help: "Everything generated follows from it (default 1)."),
        .value("--depth", placeholder: "N", help: "Actions per walk at most (default 8)."),
        .value("--restore-every", placeholder: "N", help: "Restore-drill every N-th walk (default 8; 0: never)."),
        .value("--max-findings", placeholder: "N", help: "Distinct findings shrunk and recorded at most (default 10)."),
        .value("--replay", placeholder: "NAME", help: "Replay a recorded finding on the platforms and say whether they still differ."),
        .value("--runner", placeholder: "CMD", help: "Runner command (one platform), or PLATFORM=CMD (repeatable).", repeating: true),
        .value("--timeout", placeholder: "SECONDS", help: "Per-request timeout (default 10)."),
        .value("--startup-timeout", placeholder: "SECONDS", help: "How long a runner may take to start and handshake (default 120)."),
        .value("--junit", placeholder: "FILE", help: "Also write JUnit XML (one test case per feature explored)."),
        .format,
    ]

    let platforms: [String]
    let runners: [String]
    let feature: String?, replay: String?, junit: String?
    let options: ExploreOptions
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        platforms = try Self.platforms(arguments)
        runners = arguments.values("--runner")
        feature = arguments.value("--feature")
        replay = arguments.value("--replay")
        junit = arguments.value("--junit")
        format = try arguments.format()
        var options = ExploreOptions()
        options.budget = try Self.count(arguments, "--budget", default: options.budget, minimum: 1)
        options.depth = try Self.count(arguments, "--depth", default: options.depth, minimum: 1)
        options.restoreEvery = try Self.count(arguments, "--restore-every", default: options.restoreEvery, minimum: 0)
        options.maxFindings = try Self.count(arguments, "--max-findings", default: options.maxFindings, minimum: 1)
        if let raw = arguments.value("--seed") {
            guard let seed = UInt64(raw) else { throw UsageError("--seed takes a whole number from 0 to \(UInt64.max), not '\(raw)'") }
            options.seed = seed
        }
        if arguments.value("--time") != nil { options.seconds = try ReplayOptions.seconds(arguments, "--time", default: 0) }
        options.timeout = try ReplayOptions.seconds(arguments, "--timeout", default: 10)
        options.startupTimeout = try ReplayOptions.seconds(arguments, "--startup-timeout", default: 120)
        self.options = options
        if replay != nil && feature != nil { throw UsageError("--replay replays one recording; it takes no --feature") }
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let manifest = try context.manifest()
        let commands = try Self.commands(platforms: platforms, runners: runners, manifest: manifest)
        var workflow = ExploreWorkflow(corpus: try context.corpus(), runners: commands, options: options)
        workflow.rulings = manifest?.drillRulings ?? []
        workflow.tree = try context.treeForWriting()
        if let replay {
            let outcome = try workflow.replay(name: replay)
            context.render(ExploreReports.replay(outcome), as: format)
            for platform in commands.missing { context.note("duet explore: no runner for \(platform) — set runners.\(platform) in parity/manifest.yaml") }
            return ExitStatus(outcome)
        }
        let outcome = try workflow.run(feature: feature) { phase, done, total in
            context.progress("explore: \(phase)", done: min(done, total), total: total)
        }
        context.render(ExploreReports.explore(outcome), as: format)
        if let junit { try Array(ExploreJUnit.xml(for: outcome).utf8).withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: context.absolutePath(junit))) } }
        for platform in commands.missing { context.note("duet explore: no runner for \(platform) — pass --runner \(platform)=CMD or set runners.\(platform) in parity/manifest.yaml") }
        for (platform, features) in outcome.unserved.sorted(by: { $0.key < $1.key }) {
            context.note("duet explore: the \(platform) runner does not serve \(features.joined(separator: ", ")): not explored")
        }
        if let failure = outcome.runnerFailure { context.note("duet explore: stopped: \(failure)") }
        if outcome.steps == 0 && outcome.runnerFailure == nil && commands.missing.isEmpty {
            context.note("duet explore: nothing explored — no feature has a recorded state and an action case a fixture sends; record fixtures first")
        }
        return ExitStatus(outcome)
    }

    // MARK: - Options

    /// `all` by default: each platform is the other's oracle.
    static func platforms(_ arguments: ParsedArguments) throws(UsageError) -> [String] {
        switch arguments.value("--platform") ?? "all" {
        case "swift": return ["swift"]
        case "kotlin": return ["kotlin"]
        case "all": return ["kotlin", "swift"]
        case let other: throw UsageError("unknown platform '\(other)'; use all, swift or kotlin")
        }
    }

    static func count(_ arguments: ParsedArguments, _ name: String, default fallback: Int, minimum: Int) throws(UsageError) -> Int {
        guard let raw = arguments.value(name) else { return fallback }
        guard let value = Int(raw), value >= minimum else { throw UsageError("\(name) takes a whole number of at least \(minimum), not '\(raw)'") }
        return value
    }

    /// `--runner CMD` for one platform, `--runner PLATFORM=CMD` for any; the manifest's `runners:` for the rest.
    static func commands(platforms: [String], runners: [String], manifest: Manifest?) throws(UsageError) -> RunnerCommands {
        var explicit: [String: String] = [:]
        for runner in runners {
            if let equals = runner.firstIndex(of: "="), platforms.contains(String(runner[..<equals])) {
                explicit[String(runner[..<equals])] = String(runner[runner.index(after: equals)...])
            } else if platforms.count == 1 {
                explicit[platforms[0]] = runner
            } else {
                throw UsageError("with several platforms, name each runner: --runner swift=CMD --runner kotlin=CMD")
            }
        }
        var commands = RunnerCommands.resolve(platforms: platforms.filter { explicit[$0] == nil }, explicit: nil, manifest: manifest)
        for (platform, command) in explicit { commands.commands[platform] = command }
        return commands
    }
}

import Duet
import DuetGates

/// `duet materialize FIXTURE#STEP [--platform swift|kotlin|all] | --clean [FIXTURE[#STEP]]`
struct MaterializeVerb: Verb {
    static let name = "materialize"
    static let summary = "Write one fixture step as a standalone test (XCTest, and Kotlin) to debug in an IDE; --clean removes them."
    static let discussion = """
    The test reduces the step through the feature's own reducer — from the recorded state before it
    (for a chain, from the node's initial state through the chain's earlier steps) — and compares
    state and effects with the recording byte for byte, failing at the first divergent JSON path:
    set a breakpoint in the reducer and run it. Swift: Tests/<Module>Tests/Materialized/ (the module
    from swift: in parity/manifest.yaml, the feature type from state: Feature.State); run it with
    `swift test --filter Materialized_<name>`. Kotlin (by default when runners: names kotlin):
    test/materialized/ beside the src/ folder declaring the feature's object; `kotlin/build.sh test`
    compiles it and its main() runs it. They are not fixtures of record: `duet materialize --clean`
    removes every file it wrote (they start with "\(StepTestSources.marker)"), FIXTURE or FIXTURE#STEP only those.

    Example:
      duet materialize timeline.deep-link.share-intent#2
      swift test --filter Materialized_timeline_deep_link_step2
      duet materialize --clean
    """
    static let options: [OptionSpec] = [
        .positional("FIXTURE#STEP", help: "The step (0-based, as verify reports it)."),
        .value("--platform", placeholder: "P", help: "swift, kotlin or all (default: swift, and kotlin when the manifest names its runner)."),
        .value("--swift-out", placeholder: "DIR", help: "Folder of the Swift test (default Tests/<Module>Tests/Materialized)."),
        .value("--kotlin-out", placeholder: "DIR", help: "Folder of the Kotlin test (default <kotlin>/test/materialized)."),
        .flag("--clean", help: "Remove materialized tests (all, or FIXTURE's, or FIXTURE#STEP's)."),
        .format,
    ]

    let fixture: String?
    let step: Int?
    let platforms: [String]?
    let swiftOut: String?, kotlinOut: String?
    let clean: Bool
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        clean = arguments.flag("--clean")
        if let target = arguments.positionals.first {
            if let hash = target.lastIndex(of: "#") {
                let raw = String(target[target.index(after: hash)...])
                guard let number = Int(raw), number >= 0 else { throw UsageError("STEP after '#' is a step number from 0, not '\(raw)'") }
                fixture = String(target[..<hash]); step = number
            } else {
                guard clean else { throw UsageError("name the step: FIXTURE#STEP (0-based), e.g. splash.finds-none#1") }
                fixture = target; step = nil
            }
        } else {
            guard clean else { throw UsageError("missing FIXTURE#STEP") }
            fixture = nil; step = nil
        }
        switch try arguments.value("--platform").map({ raw throws(UsageError) in
            try NameResolver.resolve(raw, as: .platform, among: ReplayOptions.platformChoices) }) {
        case nil: platforms = nil
        case "swift": platforms = ["swift"]
        case "kotlin": platforms = ["kotlin"]
        default: platforms = ["swift", "kotlin"]
        }
        swiftOut = arguments.value("--swift-out")
        kotlinOut = arguments.value("--kotlin-out")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        guard let tree = context.tree else {
            throw InputError(file: "parity/", message: "no repository here (no parity/ walking up from \(context.workingDirectory))", fix: "run from the repository")
        }
        var workflow = MaterializeWorkflow(corpus: try context.corpus(), tree: tree, manifest: try context.manifest())
        workflow.platforms = platforms
        workflow.swiftFolder = swiftOut.map(context.absolutePath)
        workflow.kotlinFolder = kotlinOut.map(context.absolutePath)
        if clean {
            let removed = try workflow.clean(fixture, step: step)
            context.render(Report(Table(columns: ["removed"], rows: removed.map { [.text($0)] }), title: "Materialized tests removed"), as: format)
            if removed.isEmpty { context.note("duet materialize: no materialized test to remove") }
            return .holds
        }
        let written = try workflow.write(try context.resolveFixture(fixture!), step: step!)
        context.render(Report(Table(columns: ["platform", "file", "run"], rows: written.map { [.text($0.platform), .text($0.path), .text($0.run)] }),
                              title: "Materialized \(fixture!)#\(step!)"), as: format)
        return .holds
    }
}

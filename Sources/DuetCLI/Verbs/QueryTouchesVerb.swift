import DuetCorpus

/// `duet query touches KIND [--format F]`
struct QueryTouchesVerb: Verb {
    static let name = "query touches"
    static let summary = "List every fixture and step where a kind is present, entered or left, with the verb of each transition."
    static let discussion = """
    KIND is feature.primitive.case (capture.slot.camera), feature.case (capture.camera: any primitive)
    or a bare case name (camera: every feature). Step "initial" is the fixture's initial state;
    depth is the 1-based position in a path (0 for slot, tabs, stage).
    """
    static let options: [OptionSpec] = [.positional("KIND", help: "The kind to look for.", optional: false), .format]

    let kind: KindPattern
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        kind = try QueryArguments.kind(arguments.positional(0, named: "KIND"))
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let found = try context.corpus().touches(kind)
        let table = Table(columns: ["fixture", "feature", "step", "kind", "field", "depth", "change", "verb"], rows: found.touches.map {
            [.text($0.fixture), .text($0.feature), $0.step.map { .int($0) } ?? .text("initial"), .text($0.kind), .text($0.field),
             .int($0.depth), .text($0.change.rawValue), $0.verb.map { .text($0) } ?? .none]
        })
        context.render(Report(table), as: format)
        return .holds
    }
}

/// Argument conversions shared by the query verbs.
enum QueryArguments {
    static func kind(_ text: String) throws(UsageError) -> KindPattern {
        do { return try KindPattern(text) } catch { throw UsageError(String(describing: error)) }
    }
}

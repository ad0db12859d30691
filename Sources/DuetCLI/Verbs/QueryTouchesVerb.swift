import DuetCorpus

/// `duet query touches KIND [--format F]`
struct QueryTouchesVerb: Verb {
    static let name = "query touches"
    static let summary = "List every fixture and step where a kind is present, entered or left, with the verb of each transition."
    static let discussion = """
    KIND is feature.primitive.case (capture.slot.camera), feature.case (capture.camera: any primitive)
    or a bare case name (camera: every feature). One row per stretch during which a fixture holds the
    kind: entered (0-based step, or "initial" when the initial state holds it) and the verb that
    entered it, left (the step whose state no longer holds it; empty when it stays to the end) and
    the verb that left it, and how many snapshots hold it. depth: 1-based position in a path
    (1 = bottom of the stack), 0 for slot, tabs and stage.
    Example:
      duet query touches capture.slot.camera
    """
    static let options: [OptionSpec] = [.positional("KIND", help: "The kind to look for.", optional: false), .format]

    let kind: KindPattern
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        kind = try QueryArguments.kind(arguments.positional(0, named: "KIND"))
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let found = try context.corpus(for: .reading).touches(try context.resolveKind(kind))
        let table = Table(columns: ["fixture", "feature", "kind", "field", "depth", "entered", "entered_by", "left", "left_by", "snapshots"],
                          rows: found.spans.map {
            [.text($0.fixture), .text($0.feature), .text($0.kind), .text($0.field), .int($0.depth),
             $0.enteredAt.map { .int($0) } ?? .text("initial"), $0.enteredBy.map { .text($0) } ?? .none,
             $0.leftAt.map { .int($0) } ?? .none, $0.leftBy.map { .text($0) } ?? .none, .int($0.snapshots)]
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

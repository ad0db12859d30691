import DuetCorpus

/// `duet query fixtures [--feature F] [--kind K] [--format F]`
struct QueryFixturesVerb: Verb {
    static let name = "query fixtures"
    static let summary = "List fixtures, optionally of one feature and holding a kind in some snapshot."
    static let discussion = """
    Example:
      duet query fixtures --feature capture --kind capture.slot.camera
    """
    static let options: [OptionSpec] = [
        .value("--feature", placeholder: "FEATURE", help: "Only this feature's fixtures."),
        .value("--kind", placeholder: "KIND", help: "Only fixtures whose snapshots hold this kind (as for query touches)."),
        .format,
    ]

    let feature: String?
    let kind: KindPattern?
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        feature = arguments.value("--feature")
        if let text = arguments.value("--kind") { kind = try QueryArguments.kind(text) } else { kind = nil }
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let fixtures = try context.corpus(for: .reading).fixtureSummaries(feature: try context.resolveFeature(feature), kind: try kind.map(context.resolveKind))
        let table = Table(columns: ["fixture", "feature", "shape", "steps", "description"], rows: fixtures.map {
            [.text($0.name), $0.feature.map { .text($0) } ?? .none, .text($0.shape), .int($0.steps), $0.description.map { .text($0) } ?? .none]
        })
        context.render(Report(table), as: format)
        return .holds
    }
}

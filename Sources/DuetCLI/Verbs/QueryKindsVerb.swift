import DuetCorpus

/// `duet query kinds [--feature F] [--format F]`
struct QueryKindsVerb: Verb {
    static let name = "query kinds"
    static let summary = "Every kind with how many fixtures and steps reach it, and the declared kinds no fixture reaches."
    static let discussion = """
    declared: the kind is in the feature's case list (from describe). steps counts fixture positions
    (the initial state and each step) whose snapshot holds the kind. A declared kind with 0 fixtures
    is unreached; a reached kind that is not declared shows declared "no".
    Example:
      duet query kinds --feature capture --format csv
    """
    static let options: [OptionSpec] = [
        .value("--feature", placeholder: "FEATURE", help: "Only this feature's kinds."), .format,
    ]

    let feature: String?
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        feature = arguments.value("--feature")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let coverage = try context.corpus(for: .reading).kindCoverage(feature: try context.resolveFeature(feature))
        context.render(Report(QueryKindsVerb.table(coverage)), as: format)
        return .holds
    }

    static func table(_ coverage: KindCoverage) -> Table {
        Table(columns: ["kind", "feature", "field", "primitive", "declared", "reached", "fixtures", "steps"], rows: coverage.entries.map {
            [.text($0.kind), .text($0.feature), .text($0.field), .text($0.primitive.rawValue), .bool($0.declared), .bool($0.reached),
             .int($0.fixtures), .int($0.steps)]
        })
    }
}

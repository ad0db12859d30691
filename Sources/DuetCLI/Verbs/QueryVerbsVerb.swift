import DuetCorpus

/// `duet query verbs [--feature F] [--format F]`
struct QueryVerbsVerb: Verb {
    static let name = "query verbs"
    static let summary = "The L2 verb inventory: for each L0 field, the action cases that change it, with counts."
    static let discussion = """
    A field changed by an action that names no navigation is a candidate for a missing verb.
    Example:
      duet query verbs --feature mainnav
    """
    static let options: [OptionSpec] = [
        .value("--feature", placeholder: "FEATURE", help: "Only this feature's fields."), .format,
    ]

    let feature: String?
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        feature = arguments.value("--feature")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let verbs = try context.corpus(for: .reading).verbInventory(feature: try context.resolveFeature(feature))
        let table = Table(columns: ["feature", "field", "primitive", "verb", "steps", "fixtures", "entered", "left"], rows: verbs.map {
            [.text($0.feature), .text($0.field), .text($0.primitive.rawValue), .text($0.verb), .int($0.steps), .int($0.fixtures),
             .text($0.entered.joined(separator: " ")), .text($0.left.joined(separator: " "))]
        })
        context.render(Report(table), as: format)
        return .holds
    }
}

import Duet
import DuetCorpus
import DuetGates

/// `duet pending show NAME [--format json]`
struct PendingShowVerb: Verb {
    static let name = "pending show"
    static let summary = "Show a pending recording as a unified diff (-stored/+recorded) of its fixture file."
    static let discussion = """
    Lists each behavioural difference with its JSON path and the scenario's source:line, then the
    unified diff of the pinned pretty form (coloured on a terminal; NO_COLOR turns colour off).
    --format json gives the same as an object for tools.

    Example:
      duet pending show splash.finds-none
    """
    static let options: [OptionSpec] = [.positional("NAME", help: "The pending recording.", optional: false), .format]
    let name: String
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        name = try arguments.positional(0, named: "NAME")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let review = try PendingReview.diff(named: name, in: context.corpus())
        let fileName = RecordTree.fixturesFolder + "/" + ((try? Fixture.fileName(for: name)) ?? name)
        let diff = UnifiedDiff(old: review.stored?.document.prettyString ?? "", new: review.recording.fixture.document.prettyString)
        let explored = try context.corpus().exploreFinding(named: name)
        if format == .json {
            var json = Self.json(review, diff: diff.render(oldName: fileName, newName: "recorded", colour: false))
            if let explored, case .object(var object) = json { object["explore"] = ExplorePendingSides.json(explored); json = .object(object) }
            context.write(json.prettyString)
            return .holds
        }
        var out = "\(name): \(review.recording.reason.rawValue) recording of \(review.recording.recordedAt)\n"
        if review.stored == nil { out += "  new scenario: no fixture of record yet; accepting writes \(fileName)\n" }
        for difference in review.differences {
            out += "  \(difference)" + (review.source(ofStep: difference.step).map { "  (\($0))" } ?? "") + "\n"
        }
        if !review.metadataChanges.isEmpty { out += "  metadata: \(review.metadataChanges.joined(separator: ", "))\n" }
        out += "\n" + diff.render(oldName: review.stored == nil ? "/dev/null" : fileName, newName: "\(name) (recorded)",
                                  colour: context.usesColour)
        if let explored { out += ExplorePendingSides.text(explored) }
        out += "\naccept with `duet pending accept \(name)`, or drop with `duet pending reject \(name)`\n"
        context.write(out)
        return .holds
    }

    static func json(_ review: PendingReview, diff: String) -> JSONValue {
        var object = JSONObject()
        object["name"] = .string(review.recording.name)
        object["reason"] = .string(review.recording.reason.rawValue)
        object["recordedAt"] = .string(review.recording.recordedAt)
        object["differences"] = .array(review.differences.map { difference in
            var entry = JSONObject()
            entry["step"] = difference.step.map { .int(Int64($0)) }
            entry["label"] = difference.label.map(JSONValue.string)
            entry["path"] = .string(difference.fieldPath)
            entry["stored"] = difference.divergence.expected.map(JSONValue.string)
            entry["recorded"] = difference.divergence.actual.map(JSONValue.string)
            entry["source"] = review.source(ofStep: difference.step).map(JSONValue.string)
            return .object(entry)
        })
        object["metadata"] = .array(review.metadataChanges.map(JSONValue.string))
        object["diff"] = .string(diff)
        return .object(object)
    }
}

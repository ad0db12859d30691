import Duet
import DuetCorpus
import DuetGates
import DuetFixtures

/// `duet pending show NAME [--format json]`
struct PendingShowVerb: Verb {
    static let name = "pending show"
    static let summary = "Show a pending recording (parity/.pending/NAME.fixture.json) as a unified diff (-stored/+recorded) of its fixture file."
    static let discussion = """
    Lists each behavioural difference with its JSON path and the scenario's source:line, then the
    unified diff of the pinned pretty form (coloured on a terminal; NO_COLOR turns colour off), and
    whether `pending accept` would accept it now (it refuses when the fixture file changed since the
    recording). When the producer compared platforms, each platform's answer is shown against the
    first one's. --format json gives the same as an object for tools.

    Example:
      duet pending show timeline.deep-link.share-intent
    """
    static let options: [OptionSpec] = [.positional("NAME", help: "The pending recording.", optional: false), .format]
    let name: String
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        name = try arguments.positional(0, named: "NAME")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let name = try context.resolvePending([name])[0]
        let review = try PendingReview.diff(named: name, in: context.corpus(for: .reading), tree: context.tree ?? RecordTree(root: context.workingDirectory))
        let explored = try context.corpus(for: .reading).exploreFinding(named: name)
        if format == .json {
            let (fileName, pendingName) = Self.files(of: name)
            let diff = UnifiedDiff(old: review.stored?.document.prettyString ?? "", new: review.recording.fixture.document.prettyString)
            var json = Self.json(review, diff: diff.render(oldName: fileName, newName: pendingName, colour: false))
            if let explored, case .object(var object) = json { object["explore"] = ExplorePendingSides.json(explored); json = .object(object) }
            context.write(json.prettyString)
            return .holds
        }
        context.write(Self.text(review, name: name, colour: context.usesColour, explored: explored))
        return .holds
    }

    /// The recording's differences, its unified diff against the fixture of record, and whether
    /// accepting would be refused now (what `pending show` and `review` print).
    /// `naming` adds the closing line naming the commands that accept or drop it.
    static func text(_ review: PendingReview, name: String, colour: Bool, naming commands: Bool = true,
                     explored: StoredExploreFinding? = nil) -> String {
        let (fileName, pendingName) = files(of: name)
        let diff = UnifiedDiff(old: review.stored?.document.prettyString ?? "", new: review.recording.fixture.document.prettyString)
        let recording = review.recording
        var out = "\(name): \(recording.reason.rawValue) recording by \(recording.producer) of \(recording.recordedAt.isEmpty ? "unknown date" : recording.recordedAt) (\(pendingName))\n"
        if review.stored == nil { out += "  new scenario: no fixture of record yet; accepting writes \(fileName)\n" }
        for difference in review.differences {
            out += "  \(difference)" + (review.source(ofStep: difference.step).map { "  (\($0))" } ?? "") + "\n"
        }
        if !review.metadataChanges.isEmpty { out += "  metadata: \(review.metadataChanges.joined(separator: ", "))\n" }
        out += "\n" + diff.render(oldName: review.stored == nil ? "/dev/null" : fileName, newName: pendingName, colour: colour)
        if let explored { out += ExplorePendingSides.text(explored) }
        for comparison in review.answers {
            let reference = comparison.reference, answer = comparison.answer
            out += "\n\(answer.platform) answered differently from \(reference.platform):\n"
            for note in [reference, answer].compactMap({ a in a.note.map { "  \(a.platform): \($0)" } }) { out += note + "\n" }
            for difference in comparison.differences { out += "  \(difference)\n" }
            out += UnifiedDiff(old: reference.fixture.document.prettyString, new: answer.fixture.document.prettyString)
                .render(oldName: reference.platform, newName: answer.platform, colour: colour)
        }
        if let problem = review.acceptProblem {
            out += "\naccepting is refused now: \(problem)" + (commands ? "; or drop it with `duet pending reject \(name)`" : "") + "\n"
        } else if commands {
            out += "\naccept with `duet pending accept \(name)`, or drop with `duet pending reject \(name)`\n"
        }
        return out
    }

    /// The fixture file of record and the pending recording's file, relative to the tree.
    static func files(of name: String) -> (fixture: String, pending: String) {
        let file = (try? Fixture.fileName(for: name)) ?? name
        return (RecordTree.fixturesFolder + "/" + file, RecordTree.pendingFolder + "/" + file)
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
        object["producer"] = .string(review.recording.producer)
        object["acceptable"] = .bool(review.acceptProblem == nil)
        object["acceptProblem"] = review.acceptProblem.map(JSONValue.string)
        object["answers"] = .array(review.recording.answers.map { answer in
            var entry = JSONObject()
            entry["platform"] = .string(answer.platform)
            entry["note"] = answer.note.map(JSONValue.string)
            entry["document"] = answer.fixture.document
            return .object(entry)
        })
        object["answerDifferences"] = .array(review.answers.map { comparison in
            var entry = JSONObject()
            entry["reference"] = .string(comparison.reference.platform)
            entry["platform"] = .string(comparison.answer.platform)
            entry["differences"] = .array(comparison.differences.map { .string($0.description) })
            return .object(entry)
        })
        object["diff"] = .string(diff)
        return .object(object)
    }
}

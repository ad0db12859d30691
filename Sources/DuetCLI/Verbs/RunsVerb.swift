import Duet
import DuetCorpus

/// `duet runs [--kind verify|drill|lint|census|audit] [--platform P] [--limit N] [--format F]`
struct RunsVerb: Verb {
    static let name = "runs"
    static let summary = "List stored results (verify and drill runs, lint, census, audits) with what each judged."
    static let discussion = """
    Newest first. Each result names its inputs: the fixture set (a hash over every judged fixture's
    name and behaviour — initial state(s), per step node, action, expected state and effects; labels,
    lines and descriptions do not count), the manifest's hash, the structures' hash, and for runs the
    runner's build (what its handshake sent as "build", exe:HASH when duet hashed the executable it
    launched, "unidentified" when neither) and the hash of its describe answer. A run reports how many
    fixtures it replayed and how many passed unchanged since an earlier run. A result stands for now
    only when these equal the current inputs: the milestone checks them, and runs a gate again when
    they differ. Hashes are shortened in tables, whole in JSON.

    Example:
      duet runs --kind verify --platform swift --limit 5
      duet runs --format json | jq '.[] | select(.kind == "verify" and .runnerBuild == null)'   # unidentified runners
    """
    static let options: [OptionSpec] = [
        .value("--kind", placeholder: "KIND", help: "Only verify, drill, lint, census or audit results."),
        .value("--platform", placeholder: "P", help: "Only this platform's runs."),
        .value("--limit", placeholder: "N", help: "At most N results (default 20)."),
        .format,
    ]

    let kind: ResultRecord.Kind?
    let platform: String?
    let limit: Int
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        if let raw = arguments.value("--kind") {
            guard let kind = ResultRecord.Kind(rawValue: raw) else {
                throw UsageError("unknown kind '\(raw)'; use \(ResultRecord.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.kind = kind
        } else {
            kind = nil
        }
        platform = arguments.value("--platform")
        let rawLimit = arguments.value("--limit") ?? "20"
        guard let limit = Int(rawLimit), limit > 0 else { throw UsageError("--limit takes a positive number, not '\(rawLimit)'") }
        self.limit = limit
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let records = try context.corpus().resultHistory(kinds: kind.map { [$0] } ?? [], platform: platform, limit: limit)
        context.render(Self.report(records), as: format)
        if records.isEmpty { context.note("duet runs: no stored result matches — run `duet verify`, `duet drill restore` or `duet lint` first") }
        return .holds
    }

    static func report(_ records: [ResultRecord]) -> Report {
        func text(_ value: String?) -> Table.Cell { value.map { .text($0) } ?? .none }
        let rows: [[Table.Cell]] = records.map { record in
            let runner = record.inputs?.runner
            return [.text(record.kind.rawValue), .int(Int(record.id)), .text(record.at), text(record.platform), .text(record.scope),
                    .text(record.status), record.replayed == nil ? .none : .int(record.fixtures), record.replayed.map { .int($0) } ?? .none,
                    record.reused > 0 ? .text("\(record.reused) since run \(record.reusedSince.map(String.init) ?? "?")") : .none,
                    text(record.inputs.map { ResultInputs.short($0.fixtures) } ?? "not recorded"), text(ResultInputs.short(record.inputs?.manifest)),
                    runner == nil ? .none : .text(runner?.build.map { ResultInputs.short($0) } ?? "unidentified"),
                    text(ResultInputs.short(runner?.describe))]
        }
        let json = JSONValue.array(records.map { record in
            var object = JSONObject()
            object["kind"] = .string(record.kind.rawValue)
            object["id"] = .int(record.id)
            object["at"] = .string(record.at)
            object["platform"] = record.platform.map(JSONValue.string)
            object["scope"] = .string(record.scope)
            object["status"] = .string(record.status)
            if let replayed = record.replayed {
                object["fixtures"] = .int(Int64(record.fixtures))
                object["replayed"] = .int(Int64(replayed))
                object["unchanged"] = .int(Int64(record.reused))
                object["unchangedSince"] = record.reusedSince.map { .int($0) }
            }
            if let inputs = record.inputs {
                object["fixtureSet"] = .string(inputs.fixtures)
                object["manifest"] = inputs.manifest.map(JSONValue.string) ?? .null
                object["structures"] = inputs.structures.map(JSONValue.string) ?? .null
                if let runner = inputs.runner {
                    object["runnerBuild"] = runner.build.map(JSONValue.string) ?? .null
                    object["describe"] = runner.describe.map(JSONValue.string) ?? .null
                }
            } else {
                object["inputs"] = .string("not recorded: stored before results named their inputs")
            }
            object["runner"] = record.runner.map(JSONValue.string)
            return .object(object)
        })
        let table = Table(columns: ["kind", "id", "at", "platform", "scope", "status", "fixtures", "replayed", "unchanged", "fixture_set",
                                    "manifest", "runner_build", "describe"], rows: rows)
        return Report(table, title: "Stored results", json: json)
    }
}

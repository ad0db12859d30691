import Duet
import DuetCorpus

/// `duet runs import FILE… [--format F]`
struct RunsImportVerb: Verb {
    static let name = "runs import"
    static let summary = "Merge the result files of a sharded verify into one stored full run per platform."
    static let discussion = """
    Each FILE is written by `duet verify --shard K/N --results FILE` on one machine of a CI matrix.
    The files must have run against this tree's fixtures (the corpus content hash: every fixture's
    name and behaviour), hold whole or sharded runs only, not overlap, and together give every
    stored fixture a result on each platform they hold; otherwise nothing is stored and every
    reason is listed (exit 2). The merged run is stored with scope full, so `duet milestone`
    reports it. Exit 0 when every merged run passed, 1 when one failed. See docs/ci-sharding.md.

    Example: duet runs import results-1.json results-2.json results-3.json
    """
    static let options: [OptionSpec] = [
        .positional("FILE", help: "Result files, one per shard.", repeating: true, optional: false), .format,
    ]

    let files: [String]
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        files = arguments.positionals
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let loaded = try files.map { path in LoadedRunResults(path: path, file: try RunResultsFile.read(path: context.absolutePath(path))) }
        let merged = try context.corpus().importRunResults(loaded)
        let holds = !merged.isEmpty && merged.allSatisfy { $0.run.status == "passed" }
        var report = Self.report(merged)
        report.verdict = GateVerdicts.runsImport(merged, holds: holds)
        context.render(report, as: format)
        return holds ? .holds : .findings
    }

    static func report(_ merged: [MergedRun]) -> Report {
        let rows: [[Table.Cell]] = merged.map { part in
            [.text(part.run.platform), .text(part.run.status), .int(part.run.fixtureCount), .int(part.run.passedCount),
             .int(part.run.failedCount), .int(part.run.notRunCount), .int(part.sources.count), .text(part.sources.joined(separator: ", "))]
        }
        let json = JSONValue.array(merged.map { part in
            var object = JSONObject()
            object["id"] = part.run.id.map { .int($0) }
            object["platform"] = .string(part.run.platform)
            object["status"] = .string(part.run.status)
            object["scope"] = .string(part.run.scope?.stored ?? "full")
            object["fixtures"] = .int(Int64(part.run.fixtureCount))
            object["passed"] = .int(Int64(part.run.passedCount))
            object["failed"] = .int(Int64(part.run.failedCount))
            object["notRun"] = .int(Int64(part.run.notRunCount))
            object["runnerFailure"] = part.run.runnerFailure.map(JSONValue.string)
            object["sources"] = .array(part.sources.map(JSONValue.string))
            object["failing"] = .array(part.run.results.filter { $0.status != "passed" }.map { .string($0.fixture) })
            return .object(object)
        })
        return Report(Table(columns: ["platform", "status", "fixtures", "passed", "failed", "not_run", "shards", "files"], rows: rows),
                      title: "Merged full runs (stored)", id: "runs", json: json)
    }
}

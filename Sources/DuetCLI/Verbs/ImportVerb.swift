import Foundation
import DuetCorpus

/// `duet import DIR`
struct ImportVerb: Verb {
    static let name = "import"
    static let summary = "Import every *.fixture.json below DIR into the corpus, in one transaction."
    static let discussion = """
    Dialect 1 and 2 fixtures, branches and chain fixtures. A malformed file aborts the whole import
    with FILE:LINE:COL (exit 2) and leaves the corpus unchanged. Unchanged files are skipped; a changed
    file replaces its fixture. structure: declarations in parity/manifest.yaml index features that no
    runner has described.
    """
    static let options: [OptionSpec] = [.positional("DIR", help: "Folder to read fixtures from (searched recursively).", optional: false), .format]

    let directory: String
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        directory = try arguments.positional(0, named: "DIR")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let structures = try context.manifest()?.structuresByFeature ?? [:]
        let path = URL(fileURLWithPath: directory, relativeTo: URL(fileURLWithPath: context.workingDirectory, isDirectory: true)).path
        let summary = try context.corpus().importFixtures(from: path, manifestStructures: structures) { done, total in
            context.progress("import: files", done: done, total: total)
        }
        context.render(Report(Table(columns: ["inserted", "replaced", "unchanged", "steps"], rows: [[
            .int(summary.inserted.count), .int(summary.replaced.count), .int(summary.unchanged.count), .int(summary.steps),
        ]]), title: "Imported from \(directory)"), as: format)
        return .holds
    }
}

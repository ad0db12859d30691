import Foundation
import DuetCorpus

/// `duet import DIR`
struct ImportVerb: Verb {
    static let name = "import"
    static let summary = "Copy every *.fixture.json below DIR into parity/fixtures and index it, in one transaction."
    static let discussion = """
    Dialect 1 and 2 fixtures, branches and chain fixtures. Each file is copied byte for byte into the
    tree's parity/fixtures (over the file of record of the same name, if there is one) and indexed.
    A malformed file aborts the whole import with FILE:LINE:COL (exit 2) and copies nothing.
    Inside a repository whose fixtures already are in parity/fixtures, no import is needed: every
    verb brings the corpus in step with the tree first. structure: declarations in
    parity/manifest.yaml index features that no runner has described.

    Example:
      duet import ../upstream-app/parity/fixtures && git status parity/fixtures
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
        let tree = try context.treeForWriting()
        let summary = try context.corpus().importFixtures(from: path, into: tree, manifestStructures: structures) { done, total in
            context.progress("import: files", done: done, total: total)
        }
        context.render(Report(Table(columns: ["inserted", "replaced", "unchanged", "steps"], rows: [[
            .int(summary.inserted.count), .int(summary.replaced.count), .int(summary.unchanged.count), .int(summary.steps),
        ]]), title: "Imported from \(directory) into \(tree.root)/\(RecordTree.fixturesFolder)"), as: format)
        return .holds
    }
}

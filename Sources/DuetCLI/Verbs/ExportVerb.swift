import Foundation
import DuetCorpus

/// `duet export DIR`
struct ExportVerb: Verb {
    static let name = "export"
    static let summary = "Write every fixture of the corpus to DIR as <name>.fixture.json in the pinned pretty form."
    static let discussion = """
    The files are staged in a folder beside DIR first, so a failed export leaves DIR as it was;
    files of other names in DIR are left alone.
    Example:
      duet export /tmp/fixtures && diff -r /tmp/fixtures parity/fixtures
    """
    static let options: [OptionSpec] = [.positional("DIR", help: "Folder to write fixtures to (created when missing).", optional: false)]

    let directory: String

    init(arguments: ParsedArguments) throws(UsageError) {
        directory = try arguments.positional(0, named: "DIR")
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let path = URL(fileURLWithPath: directory, relativeTo: URL(fileURLWithPath: context.workingDirectory, isDirectory: true)).path
        let written = try context.corpus(for: .reading).exportFixtures(to: path) { done, total in
            // Every 64th file: a redrawn line per file would cost more than writing it.
            if done % 64 == 0 || done == total { context.progress("export: files", done: done, total: total) }
        }
        context.note("duet export: wrote \(written) fixture file(s) to \(directory)")
        return .holds
    }
}

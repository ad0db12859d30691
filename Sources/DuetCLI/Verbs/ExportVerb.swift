import Foundation
import DuetCorpus

/// `duet export DIR`
struct ExportVerb: Verb {
    static let name = "export"
    static let summary = "Write every fixture of the corpus to DIR as <name>.fixture.json in the pinned pretty form."
    static let discussion = """
    The files are staged in a folder beside DIR first, so a failed export leaves DIR as it was.
    DIR must be new, empty, or hold fixture files already (an earlier export, a parity/fixtures);
    a folder holding other files and no fixture is refused (exit 2) before anything is written.
    Fixture files of the same name are replaced; files of other names in DIR are left alone, and
    the closing line says how many of each.
    Example:
      duet export exported && diff -r exported parity/fixtures
    """
    static let options: [OptionSpec] = [.positional("DIR", help: "Folder to write fixtures to (created when missing).", optional: false)]

    let directory: String

    init(arguments: ParsedArguments) throws(UsageError) {
        directory = try arguments.positional(0, named: "DIR")
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let path = URL(fileURLWithPath: directory, relativeTo: URL(fileURLWithPath: context.workingDirectory, isDirectory: true)).path
        let target = try ExportTarget.inspect(path)
        let corpus = try context.corpus(for: .reading)
        let replaced = try Set(corpus.fixtureNames().map { $0 + ".fixture.json" }).intersection(target.fixtureFiles).count
        let written = try corpus.exportFixtures(to: path) { done, total in
            // Every 64th file: a redrawn line per file would cost more than writing it.
            if done % 64 == 0 || done == total { context.progress("export: files", done: done, total: total) }
        }
        var parts: [String] = []
        if replaced > 0 { parts.append("replaced \(replaced) that were there") }
        let kept = target.fixtureFiles.count - replaced + target.otherEntries.count
        if kept > 0 { parts.append("left \(kept) other file\(kept == 1 ? "" : "s") as \(kept == 1 ? "it was" : "they were")") }
        context.note("duet export: wrote \(written) fixture file(s) to \(directory)" + (parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"))
        return .holds
    }
}

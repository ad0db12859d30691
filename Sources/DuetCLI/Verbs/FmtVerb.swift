import Foundation
import Duet

/// `duet fmt [--compact] [--check] [FILE…|-]`
struct FmtVerb: Verb {
    static let name = "fmt"
    static let summary = "Write JSON in the pinned pretty form (or compact); --check lists files not already pretty."
    static let discussion = """
    With no FILE, or with -, reads standard input. Malformed input exits 2 with FILE:LINE:COL.
    --check writes nothing but the names of files whose bytes differ from the pinned pretty form,
    and exits 1 when there is at least one.
    Example:
      duet fmt --check parity/fixtures/*.fixture.json
    """
    static let options: [OptionSpec] = [
        .flag("--compact", help: "Write the compact canonical form instead of the pretty form."),
        .flag("--check", help: "List files not in the pinned pretty form; exit 1 if any."),
        .positional("FILE", help: "Files to format; - for standard input.", repeating: true),
    ]

    let compact: Bool
    let check: Bool
    let files: [String]

    init(arguments: ParsedArguments) throws(UsageError) {
        compact = arguments.flag("--compact")
        check = arguments.flag("--check")
        files = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        if compact && check { throw UsageError("--check compares against the pretty form; it cannot be combined with --compact") }
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        var unformatted: [String] = []
        for file in files {
            let input = try InputFiles.read(file, relativeTo: context.workingDirectory)
            let output: [UInt8]
            do {
                output = compact ? try CanonicalJSON.canonicalize(input) + [0x0A] : try CanonicalJSON.prettify(input)
            } catch {
                throw InputError(file: file == "-" ? "<stdin>" : file, error)
            }
            if check {
                if output != input { unformatted.append(file) }
            } else {
                context.write(bytes: output)
            }
        }
        for file in unformatted { context.write(file + "\n") }
        if check {
            context.conclude(GateVerdict(gate: "fmt --check", holds: unformatted.isEmpty,
                                         detail: unformatted.isEmpty ? "\(Counted(files.count, "file")) in the pinned form"
                                             : "\(unformatted.count) of \(Counted(files.count, "file")) not in the pinned form — run `duet fmt FILE`"),
                             onStdout: false)   // stdout stays the list of names, for scripts
        }
        return unformatted.isEmpty ? .holds : .findings
    }
}

/// Reading a user-named file (or stdin for `-`) with an error that names it.
enum InputFiles {
    static func read(_ path: String, relativeTo directory: String) throws -> [UInt8] {
        if path == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: directory, isDirectory: true))
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw InputError(file: path, message: "cannot read this file", fix: "check the path and its permissions")
        }
        return Array(data)
    }
}

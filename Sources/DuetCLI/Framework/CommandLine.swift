import Foundation
import Duet
import DuetCorpus
import DuetManifest
import DuetFixtures

/// The `duet` entry point: global options, verb dispatch, help, and the mapping of errors to exit codes.
///
/// ```swift
/// // Sources/duet/main.swift
/// import DuetCLI
/// DuetCommandLine.main()
/// ```
public enum DuetCommandLine {
    public static let version = "0.1.0"

    public static func main() -> Never {
        let status = run(
            Array(CommandLine.arguments.dropFirst()),
            environment: ProcessInfo.processInfo.environment,
            workingDirectory: FileManager.default.currentDirectoryPath,
            stdout: OutputSink(fileDescriptor: 1),
            stderr: OutputSink(fileDescriptor: 2))
        exit(status.rawValue)
    }

    /// The options `duet` takes before the verb.
    static let globalOptions = ["--corpus", "--help", "--version"]

    /// Runs one invocation; tests call this with capturing sinks.
    static func run(_ arguments: [String], environment: [String: String], workingDirectory: String,
                    stdout: OutputSink, stderr: OutputSink) -> ExitStatus {
        var arguments = arguments
        var corpusOption: String?
        // Global options come before the verb.
        while let first = arguments.first, first.hasPrefix("--") {
            if first == "--version" { stdout.write("duet \(version)\n"); return .holds }
            if first == "--help" { stdout.write(HelpText.overview()); return .holds }
            if first == "--corpus", arguments.count > 1 {
                corpusOption = arguments[1]; arguments.removeFirst(2); continue
            }
            if first.hasPrefix("--corpus=") {
                corpusOption = String(first.dropFirst("--corpus=".count)); arguments.removeFirst(); continue
            }
            let name = first.split(separator: "=", maxSplits: 1).first.map(String.init) ?? first
            stderr.write("duet: " + NameResolver.unknown(name, as: .option, among: globalOptions) + "\n" + HelpText.pointer(nil))
            return .usage
        }
        guard let first = arguments.first else { stdout.write(HelpText.overview()); return .holds }
        if first == "help" { return help(Array(arguments.dropFirst()), stdout: stdout, stderr: stderr) }

        guard let (verb, rest) = VerbTable.match(arguments) else {
            if let group = HelpText.group(first) {
                let rest = arguments.dropFirst()
                if rest.first == "--help" || rest.first == "-h" { stdout.write(group); return .holds }
                if rest.isEmpty { stderr.write("duet \(first): which one?\n\n\(group)"); return .usage }
                let members = VerbTable.all.map { $0.name }.filter { $0.hasPrefix(first + " ") }
                stderr.write("duet: " + NameResolver.unknown("\(first) \(rest.first!)", as: .verb, among: members) + "\n"
                             + "Run 'duet \(first) --help' for its verbs.\n")
                return .usage
            }
            stderr.write("duet: " + NameResolver.unknown(first, as: .verb, among: VerbTable.names) + "\n" + HelpText.pointer(nil))
            return .usage
        }
        if rest.contains("--help") || rest.contains("-h") { stdout.write(HelpText.usage(of: verb)); return .holds }
        let context = VerbContext(environment: environment, workingDirectory: workingDirectory,
                                  corpusOption: corpusOption ?? environment["DUET_CORPUS"].flatMap { $0.isEmpty ? nil : $0 },
                                  stdout: stdout, stderr: stderr)
        return execute(verb, rest, in: context)
    }

    /// Parses `arguments` for `verb` and runs it; errors become their message on stderr and an exit status.
    static func execute(_ verb: any Verb.Type, _ arguments: [String], in context: VerbContext) -> ExitStatus {
        defer { context.writeTimings() }
        do {
            let parsed = try ArgumentParser.parse(arguments, specs: verb.options)
            let command = try verb.init(arguments: parsed)
            let status: ExitStatus
            do {
                status = try command.run(context)
            } catch let error as DatabaseError where context.rebuildDamagedCorpus(error, verb: verb.name) {
                // The corpus is an index of the tree: rebuilt from it, the verb runs once more.
                status = try command.run(context)
            }
            context.writeVerdict()
            return status
        } catch let error as UsageError {
            context.stderr.write("duet \(verb.name): \(error.message)\n" + HelpText.pointer(verb))
            return .usage
        } catch {
            let (message, status) = ErrorReporting.describe(error)
            // Whatever an error quotes (a key, a name, a runner's line), nothing in it may hide or reorder the terminal's text.
            context.stderr.write("duet \(verb.name): \(NameRule.visible(message))\n")
            return status
        }
    }

    private static func help(_ words: [String], stdout: OutputSink, stderr: OutputSink) -> ExitStatus {
        if words.isEmpty { stdout.write(HelpText.overview()); return .holds }
        guard let (verb, _) = VerbTable.match(words) else {
            if words.count == 1, let group = HelpText.group(words[0]) { stdout.write(group); return .holds }
            stderr.write("duet help: " + NameResolver.unknown(words.joined(separator: " "), as: .verb, among: VerbTable.names) + "\n"
                         + "Run 'duet help' for the list.\n")
            return .usage
        }
        stdout.write(HelpText.usage(of: verb))
        return .holds
    }
}

/// Maps library errors to a message and an exit code (DESIGN §7: 2 bad input, 3 environment).
enum ErrorReporting {
    static func describe(_ error: any Error) -> (String, ExitStatus) {
        switch error {
        case let error as InputError: return (error.description, .usage)
        case let error as DialectError: return (error.description, .usage)
        case let error as FixtureShapeError: return (error.description, .usage)
        case let error as CodingRefusal: return (error.description, .usage)
        case let error as ManifestError: return (error.description, .usage)
        case let error as PendingNotFound: return (error.description, .usage)
        // The fixture file moved on since the recording: a finding of the check accept makes, not bad usage.
        case let error as PendingAcceptRefused: return (error.description, .findings)
        case let error as InvalidKindPattern: return (error.description, .usage)
        case let error as RunImportRefusal: return (error.description, .usage)
        case let error as NameRefusal: return (error.description, .usage)
        case let error as EnvironmentError: return (error.description, .environment)
        case let error as DatabaseError: return (error.description, .environment)
        case let error as CocoaError:
            // Foundation's own text ("Error Domain=NSCocoaErrorDomain Code=4 …") is no message for a user.
            return describe(FileProblem.error("cannot complete the operation on", error.filePath ?? error.url?.path ?? "a file", error))
        default: return (String(describing: error), .environment)
        }
    }
}

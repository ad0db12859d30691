import Duet
import DuetGates

/// `duet doctor [--format F]`
struct DoctorVerb: Verb {
    static let name = "doctor"
    static let summary = "Check the tree's declarations against the disk: runners, manifest paths, toolchains, the corpus, .gitignore."
    static let discussion = """
    Each check holds, fails (with the fix), or is not checked (a runner a build writes that is not
    built yet, a toolchain no runner needs):
      tree             a parity/ folder here or above
      manifest         parity/manifest.yaml reads without an error
      runner.P         each runners: command resolves — a file of the tree, or a program on PATH;
                       `swift run PRODUCT` names a target Package.swift declares
      manifest.paths   every swift:, kotlin:, scenario: and chain the manifest declares exists
      toolchain.swift  `swift --version` (and toolchain.kotlinc, `kotlinc -version`, when runners
                       names kotlin)
      corpus           the corpus file is healthy (`duet corpus check`), or not built yet
      gitignore        .gitignore keeps .build/, corpus.db* and parity/.pending/ out of commits
    Nothing is written. Exit 0 when no check fails, 1 otherwise.

    Example:
      duet doctor
      duet doctor --format json | jq '.checks[] | select(.status == "fails")'
    """
    static let options: [OptionSpec] = [.format]

    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) { format = try arguments.format() }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let report = Doctor(tree: context.tree, corpusLocation: context.corpusLocation, environment: context.environment).run()
        var rendered = Report(Table(columns: ["status", "check", "detail", "fix"], rows: report.checks.map {
            [.text($0.status.rawValue), .text($0.id), .text($0.detail), $0.fix.map { .text($0) } ?? .none]
        }), id: "checks", json: try CanonicalEncoder().encode(report))
        let failing = report.failures.count, unchecked = report.checks.count { $0.status == .notChecked }
        rendered.verdict = GateVerdict(gate: Self.name, holds: report.holds,
                                       detail: "\(Counted(report.checks.count, "check"))" + (failing > 0 ? ", \(failing) failing" : "")
                                           + (unchecked > 0 ? ", \(unchecked) not checked" : "")
                                           + (report.holds ? "" : ": " + report.failures.map(\.id).joined(separator: ", ")))
        context.render(rendered, as: format)
        return report.holds ? .holds : .findings
    }
}

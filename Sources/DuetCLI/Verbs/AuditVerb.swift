import Foundation
import Duet
import DuetAudit
import DuetCorpus

/// `duet audit PATH… [--format F]`
struct AuditVerb: Verb {
    static let name = "audit"
    static let summary = "Check host sources (Swift, Kotlin) for writes to L0 fields outside send and manner vocabulary in feature state."
    static let discussion = """
    l0.write: outside a file that declares a reducer, a write to a described L0 field (assignment,
    = nil, append/removeLast and other stack mutations, a Kotlin copy(field = …), a SwiftUI $binding)
    is a silent transition: the host should send the user's action and let the reducer move.
    manner.state: a described state field named with manner vocabulary (detent, cornerRadius,
    animation, transition, …) keeps L3 presentation in shared state.
    The fields come from the structures the corpus knows (describe, or structure: in the manifest).
    Each finding is file:line and the rule. The audit is stored with what it judged (the sources read,
    the structures); the milestone reports the latest, and audits again when either changed since.
    Exit 0 holds, 1 findings (or no structure known: nothing was judged), 2 no source under PATH.

    Example: duet audit Sources/MemoryLane --format json
    """
    static let options: [OptionSpec] = [
        .positional("PATH", help: "Files or folders of host sources (*.swift, *.kt).", repeating: true, optional: false), .format,
    ]

    let paths: [String]
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        paths = arguments.positionals
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let corpus = try context.corpus()
        let manifest = try context.manifest()
        try context.ensureStructure("audit", manifest: manifest)
        let base = context.workingDirectory
        let report = try SourceAudit.run(paths: paths, relativeTo: base, structures: try corpus.knownStructures(), now: Date())
        try corpus.storeAudit(report, inputs: try corpus.currentInputs(manifestPath: manifest?.file),
                              sources: try ResultInputs.sourcesHash(paths: paths, base: base), base: base)
        let rows: [[Table.Cell]] = report.findings.map { [.text("\($0.file):\($0.line)"), .text($0.rule), .text($0.subject), .text($0.message)] }
        var rendered = Report(sections: [
            Report.Section(id: "findings", title: "Audit findings", content: .table(Table(columns: ["place", "rule", "field", "finding"], rows: rows)),
                           omittedWhenEmpty: true),
            Report.Section(id: "summary", content: .text(report.summary)),
        ], json: try CanonicalEncoder().encode(report))
        rendered.verdict = GateVerdicts.audit(report, holds: report.holds)
        context.render(rendered, as: format)
        return report.holds ? .holds : .findings
    }
}

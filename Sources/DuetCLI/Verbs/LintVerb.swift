import Foundation
import Duet
import DuetGates
import DuetManifest

/// `duet lint [--manifest F] [--refresh] [--format F]`
struct LintVerb: Verb {
    static let name = "lint"
    static let summary = "Check parity/manifest.yaml: its grammar, the ledger's entries, rulings, paths, fixtures and declaration parity."
    static var discussion: String {
        let width = LintRule.allCases.map(\.rawValue.count).max() ?? 0
        return """
        Each finding is FILE:LINE:COL, the rule and the fix. Exit 0 holds, 1 findings, 2 the manifest
        cannot be read (syntax, an unknown key or value, a wrong type, a second document, an alias).
        Unknown per-feature keys only warn: upstream keeps them as extensions. Declaration parity
        compares what each platform's runner last reported to describe (stored by record and verify);
        with fewer than two platforms reported, it says parity was not checked. A platform under
        runners: that never reported is asked once (its answer is kept for its build); --refresh asks
        every runner afresh first. verify and milestone run this lint first. Each result is stored with
        what it judged (`duet runs --kind lint`). --strict also fails on declared action cases no
        fixture of record sends (golden first: record the fixture first; see `duet coverage`); without
        it they are warnings.

        Rules:
        \(LintRule.allCases.map { "  " + $0.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.checks }.joined(separator: "\n"))

        Example: duet lint --format json
        """
    }
    static let options: [OptionSpec] = [
        QueryManifest.option,
        .flag("--refresh", help: "Ask each runner under runners: for its describe before checking parity."),
        .flag("--strict", help: "Fail on declared action cases no fixture of record sends (otherwise a warning)."),
        .format,
    ]

    let manifestPath: String?
    let refresh: Bool
    let strict: Bool
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        manifestPath = arguments.value("--manifest")
        refresh = arguments.flag("--refresh")
        strict = arguments.flag("--strict")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let path = try QueryManifest.path(manifestPath, context: context)
        var workflow = LintWorkflow(corpus: try context.corpus(), manifestPath: path)
        workflow.strict = strict
        let manifest = Manifest.read(path: path)
        if refresh, manifest.errors.isEmpty {
            workflow.refresh = RunnerCommands.resolve(platforms: manifest.manifest.runners.keys.sorted(), explicit: nil, manifest: manifest.manifest)
        } else if manifest.errors.isEmpty {
            try context.ensureStructure("lint", manifest: manifest.manifest, describes: true)
        }
        let report = try workflow.run()
        let status = ExitStatus(report)
        var rendered = LintVerb.report(report)
        rendered.verdict = GateVerdicts.lint(report, holds: status == .holds)
        context.render(rendered, as: format)
        for warning in report.warnings { context.note("duet lint: warning: \(warning.description)") }
        return status
    }

    static func report(_ lint: LintReport) -> Report {
        let rows: [[Table.Cell]] = (lint.errors + lint.findings).map {
            [.text("\($0.file):\($0.line):\($0.column)"), .text($0.rule), .text($0.message), .text($0.fix)]
        }
        var json = (try? CanonicalEncoder().encode(lint))?.objectValue ?? JSONObject()
        json["status"] = .string(lint.unparseable ? "unreadable" : lint.holds ? "holds" : "fails")
        json["summary"] = .string(lint.summary)
        return Report(sections: [
            Report.Section(id: "findings", title: "Lint findings", content: .table(Table(columns: ["place", "rule", "finding", "fix"], rows: rows)),
                           omittedWhenEmpty: true),
            Report.Section(id: "summary", content: .text(lint.summary)),
        ], json: .object(json))
    }
}

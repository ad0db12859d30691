import Duet
import Foundation
import DuetCorpus

/// `duet census [--manifest PATH] [--format F]`
struct CensusVerb: Verb {
    static let name = "census"
    static let summary = "Count path, slot, tabs and stage fields per feature; exit 1 on a navigation-shaped field without a ruling."
    static let discussion = """
    declared: L0 fields the feature's structure declares; observed: those holding a kind in at least one
    indexed snapshot. Candidates are data fields shaped like navigation: an enum that changes between
    snapshots, an optional sum type, an array of sum types, a boolean named is…Presented or show…, or
    optional structured values never set together (for a feature whose structure comes from structure:
    in the manifest, the shapes are read from the snapshots). Each needs a ruling under census.rulings in
    parity/manifest.yaml (field: feature.field, ruling, reason, since); an unruled one fails the check.
    A feature with fixtures but no structure (no runner, no structure:) fails it too: nothing was judged;
    its fields are read from the snapshots, so its candidates are still listed. Structure the corpus
    lacks (a fresh clone, a deleted corpus.db) is asked once of the runners under runners: (describe)
    and kept for their build. The result is stored with what it judged (`duet runs`).
    --suggest prints, for each such feature, the structure: block to paste into parity/manifest.yaml:
    an array of sums as path, an optional sum or structured value as slot, a sum or enum that changes
    between snapshots as stage (tabs when named like a tab), each line with the fixtures and snapshots
    behind it; a presentation flag (is…Presented) is listed as a comment (make it a slot, or rule it data).
    It exits 0; --format json gives the same as data.

    Example:
      duet census --format json
      duet census --suggest
    """
    static let options: [OptionSpec] = [
        QueryManifest.option,
        .flag("--suggest", help: "Print the structure: block the snapshots suggest for features nothing describes."),
        .format,
    ]

    let manifestPath: String?
    let suggest: Bool
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        manifestPath = arguments.value("--manifest")
        suggest = arguments.flag("--suggest")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        if suggest { return try runSuggestion(context) }
        let manifest = try QueryManifest.loadOrEmpty(manifestPath, context: context, missing: "every candidate is unruled")
        try context.ensureStructure("census", manifest: manifest)
        let census = try context.corpus().recordCensus(rulings: manifest.rulings, manifestPath: manifest.file.isEmpty ? nil : manifest.file,
                                                       now: LedgerEntryVersion.timestamp(Date()))
        var report = CensusVerb.report(census)
        report.verdict = GateVerdicts.census(census, holds: census.holds)
        context.render(report, as: format)
        for failure in census.failures { context.note("duet census: \(failure)") }
        return census.holds ? .holds : .findings
    }

    static func report(_ census: Census) -> Report {
        func row(_ name: String, _ d: PrimitiveCounts, _ o: PrimitiveCounts) -> [Table.Cell] {
            [.text(name), .int(d.path), .int(d.slot), .int(d.tabs), .int(d.stage), .int(o.path), .int(o.slot), .int(o.tabs), .int(o.stage)]
        }
        let fields = Table(columns: ["feature", "path", "slot", "tabs", "stage", "observed_path", "observed_slot", "observed_tabs", "observed_stage"],
                           rows: census.features.map { row($0.feature, $0.declared, $0.observed) } + [row("total", census.declared, census.observed)])
        let candidates = Table(columns: ["field", "shape", "why", "ruling", "reason", "since"], rows: census.candidates.map {
            [.text($0.id), .text($0.shape), .text($0.reasons.joined(separator: "; ")), .text($0.ruling ?? "unruled"),
             $0.rulingReason.map { .text($0) } ?? .none, $0.since.map { .text($0) } ?? .none]
        })
        var sections = [Report.Section(id: "features", title: "L0 fields per feature", content: .table(fields)),
                        Report.Section(id: "candidates", title: "Candidates", content: .table(candidates))]
        if !census.unknownStructure.isEmpty {
            sections.append(Report.Section(id: "unknown_structure", title: "Features whose structure is unknown",
                                           content: .table(Table(columns: ["feature", "fix"], rows: census.unknownStructure.map {
                [.text($0), .text("declare features.\($0).structure in parity/manifest.yaml, or configure a runner")]
            }))))
        }
        if !census.staleRulings.isEmpty {
            sections.append(Report.Section(id: "stale_rulings", title: "Rulings matching no candidate",
                                           content: .table(Table(columns: ["field"], rows: census.staleRulings.map { [.text($0)] }))))
        }
        return Report(sections: sections)
    }

    private func runSuggestion(_ context: VerbContext) throws -> ExitStatus {
        let suggestion = try context.corpus().structureSuggestion()
        switch format {
        case .json: context.write(try CanonicalEncoder().encode(suggestion).prettyString)
        case .table, .md: context.write(StructureSuggestionText.render(suggestion))
        case .csv: context.render(Report(StructureSuggestionText.table(suggestion)), as: .csv)
        }
        if suggestion.features.isEmpty {
            context.note("duet census --suggest: nothing to suggest — every feature with fixtures has a structure (a runner's describe or structure: in parity/manifest.yaml)")
        }
        return .holds
    }
}

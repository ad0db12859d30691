import Duet
import DuetCorpus

/// `duet coverage [--feature F] [--format F]`
struct CoverageVerb: Verb {
    static let name = "coverage"
    static let summary = "Per feature, the action cases and (L0 kind, action case) transitions the fixtures reach, and what only explore reached."
    static let discussion = """
    declared: the action cases of the feature's structure (its runner's describe). by_fixtures: cases a
    fixture of record sends; transitions: kinds entered or left, by which case, in the fixtures (the
    structural index). explore_only: cases and transitions the latest `duet explore` run of the
    feature reached that no fixture does — a branch the fixtures never pin. unreached: declared cases
    no fixture sends; they break the golden-first rule (record the fixture first) and fail this check
    and `duet lint --strict`. Explore cannot send them either: their payload is unknown.
    Exit 0 every declared case is reached by a fixture, 1 some are not (or nothing is declared), 2 an
    unknown feature.

    Example: duet coverage --feature timeline --format json
    """
    static let options: [OptionSpec] = [.value("--feature", placeholder: "F", help: "Only this feature."), .format]

    let feature: String?
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        feature = arguments.value("--feature")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let coverage = try context.corpus().actionCoverage(feature: feature)
        if let feature, coverage.features.isEmpty {
            let known = try context.corpus().actionCoverage().features.map(\.feature)
            throw InputError(file: "--feature \(feature)", message: "no feature named \(feature) declares or sends an action",
                             fix: "features: " + NameList.shortened(known, limit: 20))
        }
        context.render(Self.report(coverage), as: format)
        for (name, actionCase) in coverage.unreached {
            context.note("duet coverage: \(name).\(actionCase) is declared but no fixture sends it — record the fixture first")
        }
        return coverage.holds ? .holds : .findings
    }

    static func report(_ coverage: ActionCoverage) -> Report {
        let rows: [[Table.Cell]] = coverage.features.map { feature in
            [.text(feature.feature), .int(feature.declared.count), .int(feature.byFixtures.count), .int(feature.exploreOnly.count),
             .int(feature.unreached.count), .int(feature.fixtureTransitions.count), .int(feature.exploreOnlyTransitions.count),
             feature.exploreRun.map { .int(Int($0)) } ?? .none]
        }
        var sections = [Report.Section(id: "features", title: "Coverage", content: .table(Table(
            columns: ["feature", "declared", "by_fixtures", "explore_only", "unreached", "transitions", "explore_only_transitions", "explore_run"],
            rows: rows)))]
        let unreached = coverage.features.filter { !$0.unreached.isEmpty }
        if !unreached.isEmpty {
            sections.append(Report.Section(id: "unreached", title: "Declared cases no fixture sends (record the fixture first)", content: .table(Table(
                columns: ["feature", "action_case"], rows: unreached.flatMap { f in f.unreached.map { [.text(f.feature), .text($0)] } }))))
        }
        let beyond = coverage.features.filter { !$0.exploreOnly.isEmpty || !$0.exploreOnlyTransitions.isEmpty }
        if !beyond.isEmpty {
            sections.append(Report.Section(id: "explore_only", title: "Reached only by explore", content: .table(Table(
                columns: ["feature", "what"],
                rows: beyond.flatMap { f in f.exploreOnly.map { [.text(f.feature), .text("case \($0)")] } + f.exploreOnlyTransitions.map { [.text(f.feature), .text($0.description)] } }))))
        }
        sections.append(Report.Section(id: "summary", content: .text(summary(coverage))))
        return Report(sections: sections, json: (try? CanonicalEncoder().encode(coverage)).map { json in
            var object = json.objectValue ?? JSONObject()
            object["status"] = .string(coverage.holds ? "holds" : "fails")
            return .object(object)
        })
    }

    static func summary(_ coverage: ActionCoverage) -> String {
        let declared = coverage.features.reduce(0) { $0 + $1.declared.count }
        let reached = coverage.features.reduce(0) { $0 + $1.declared.count - $1.unreached.count }
        var lines = ["\(reached) of \(declared) declared action cases are sent by a fixture of record; "
                     + "\(coverage.features.reduce(0) { $0 + $1.fixtureTransitions.count }) (kind, case) transitions are pinned by fixtures"]
        if coverage.exploreRuns.isEmpty {
            lines.append("explore: no stored run — `duet explore` reaches beyond the fixtures")
        } else {
            let only = coverage.features.reduce(0) { $0 + $1.exploreOnly.count + $1.exploreOnlyTransitions.count }
            lines.append("explore (run \(coverage.exploreRuns.map { String($0.id) }.joined(separator: ", ")), seed \(coverage.exploreRuns[0].seed), \(coverage.exploreRuns[0].steps) steps): \(only) case(s) and transition(s) only explore reached")
        }
        if declared == 0 { lines.append("fails — no feature declares its action cases (record through a runner)") }
        else { lines.append(coverage.holds ? "holds — every declared case is reached by a fixture" : "fails — \(coverage.unreached.count) declared case(s) no fixture sends") }
        return lines.joined(separator: "\n")
    }
}

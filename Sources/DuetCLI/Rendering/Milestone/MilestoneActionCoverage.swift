import DuetCorpus

/// The milestone's action coverage section, shared by the Markdown and HTML forms.
extension MilestoneReport {
    var actionCoverageTable: MilestoneTable? {
        guard let coverage = actionCoverage else { return nil }
        return MilestoneTable(columns: ["feature", "declared", "by fixtures", "unreached", "transitions", "explore only"],
                              rows: coverage.features.map { f in
            [f.feature, "\(f.declared.count)", "\(f.byFixtures.count)", f.unreached.joined(separator: ", "), "\(f.fixtureTransitions.count)",
             "\(f.exploreOnly.count + f.exploreOnlyTransitions.count)"]
        })
    }

    /// What the table does not show: the totals, the explore run read, and what only explore reached.
    var actionCoverageLines: [String] {
        guard let coverage = actionCoverage else { return ["Not recorded in this milestone."] }
        let declared = coverage.features.reduce(0) { $0 + $1.declared.count }
        let unreached = coverage.unreached.count
        var lines = ["\(declared - unreached) of \(declared) declared action cases are sent by a fixture of record"
                     + (unreached == 0 ? "." : "; \(unreached) are not (record them first: `duet lint --strict` fails).")]
        if let run = coverage.exploreRuns.first {
            lines.append("Explore run \(run.id) (\(run.startedAt), seed \(run.seed), \(run.steps) steps on \(run.platforms)) reached beyond the fixtures:")
            lines += coverage.features.flatMap { f in
                f.exploreOnly.map { "\(f.feature): case \($0)" } + f.exploreOnlyTransitions.map { "\(f.feature): \($0)" }
            }
        } else {
            lines.append("No explore run is stored: `duet explore --platform all` reaches beyond the fixtures.")
        }
        return lines
    }
}

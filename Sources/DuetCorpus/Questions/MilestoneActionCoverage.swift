extension Corpus {
    /// Puts the action coverage in a milestone report, and what the difference with the previous
    /// milestone compares it on: the cases the fixtures send and what only explore reached.
    func addActionCoverage(to report: inout MilestoneReport) throws {
        let coverage = try actionCoverage()
        report.actionCoverage = coverage
        report.inventory.actionCases = coverage.features.flatMap { f in f.byFixtures.map { "\(f.feature).\($0)" } }.sorted()
        report.inventory.exploreOnly = coverage.features.flatMap { f in
            f.exploreOnly.map { "\(f.feature).\($0)" } + f.exploreOnlyTransitions.map { "\(f.feature): \($0)" }
        }.sorted()
    }
}

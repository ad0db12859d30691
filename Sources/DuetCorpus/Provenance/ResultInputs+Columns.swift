/// How `runs`, `drill_runs`, `audits` and `check_results` keep a result's inputs (migration 0030).
extension ResultInputs {
    /// The columns, in the order of `columnValues`.
    static let columns = "fixtures_hash, manifest_hash, structures_hash, runner_build, describe_hash"

    var columnValues: [SQLValue] {
        [.text(fixtures), SQLValue(manifest), SQLValue(structures), SQLValue(runner?.build), SQLValue(runner?.describe)]
    }

    /// Reads the five columns starting at `offset`; nil for a row stored without inputs.
    /// `runnerBacked`: the row is a run, so a NULL build means unidentified, not "no runner".
    init?(columns row: Row, at offset: Int, fixtureCount: Int, runnerBacked: Bool) {
        guard let fixtures = row[offset].text else { return nil }
        self.init(fixtures: fixtures, fixtureCount: fixtureCount, manifest: row[offset + 1].text, structures: row[offset + 2].text,
                  runner: runnerBacked ? Runner(build: row[offset + 3].text, describe: row[offset + 4].text) : nil)
    }
}

import DuetGates

/// JUnit XML of restore drills for CI: one `<testsuite>` per platform, one `<testcase>` per fixture.
/// A rule broken is a `<failure>`; a fixture the drill could not judge (runner trouble, not run,
/// malformed, no structure) is an `<error>` — never a skip.
///
/// ```swift
/// let xml = DrillJUnit.xml(for: outcome.runs)     // write to --junit FILE
/// ```
enum DrillJUnit {
    static let errors: Set<DrillFinding.Rule> = [.runner, .notRun, .malformed, .noStructure]

    static func xml(for runs: [DrillRun]) -> String {
        func isError(_ result: DrillFixtureResult) -> Bool { result.findings.contains { errors.contains($0.rule) } }
        let esc = JUnitReport.escape
        let tests = runs.reduce(0) { $0 + $1.results.count }
        let errorCount = runs.reduce(0) { $0 + $1.results.count(where: isError) + ($1.results.isEmpty ? 1 : 0) }
        let failureCount = runs.reduce(0) { $0 + $1.results.count { !$0.passed && !isError($0) } }
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<testsuites name="duet drill restore" tests="\#(tests)" failures="\#(failureCount)" errors="\#(errorCount)">"# + "\n"
        for run in runs {
            let failures = run.results.count { !$0.passed && !isError($0) }
            let errors = run.results.count(where: isError) + (run.results.isEmpty ? 1 : 0)
            out += "  <testsuite name=\"\(esc("duet drill restore " + run.platform))\" tests=\"\(run.results.count)\""
            out += " failures=\"\(failures)\" errors=\"\(errors)\" timestamp=\"\(esc(run.startedAt))\" time=\"\(Double(run.durationMilliseconds) / 1000)\">\n"
            out += "    <properties><property name=\"runner\" value=\"\(esc(run.runner))\"/></properties>\n"
            if run.results.isEmpty {
                out += "    <testcase classname=\"duet.drill.\(esc(run.platform))\" name=\"(no fixtures)\">\n"
                out += "      <error type=\"empty\" message=\"no stored fixture to drill\"/>\n    </testcase>\n"
            }
            for result in run.results {
                out += "    <testcase classname=\"duet.drill.\(esc(run.platform))\" name=\"\(esc(result.fixture))\""
                guard let first = result.findings.first else {
                    guard !result.ruled.isEmpty else { out += "/>\n"; continue }
                    let notes = result.ruled.map { "ruled: \($0.finding.description) — \($0.ruling.reason)" }.joined(separator: "\n")
                    out += ">\n      <system-out>\(esc(notes))</system-out>\n    </testcase>\n"
                    continue
                }
                let element = isError(result) ? "error" : "failure"
                let message = "\(result.findings.count) finding(s); first: \(first.rule.rawValue)"
                out += ">\n      <\(element) type=\"\(first.rule.rawValue)\" message=\"\(esc(message))\">"
                out += esc(result.findings.map(\.description).joined(separator: "\n")) + "</\(element)>\n    </testcase>\n"
            }
            if let stop = run.runnerFailure { out += "    <system-err>\(esc("run stopped: " + stop.description))</system-err>\n" }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}

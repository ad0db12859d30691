import DuetGates

/// JUnit XML of an explore run for CI: one `<testsuite>`, one `<testcase>` per feature explored.
/// A finding is a `<failure>` of its feature; a run that stopped (runner trouble) or explored
/// nothing is an `<error>` — never a skip.
///
/// ```swift
/// let xml = ExploreJUnit.xml(for: outcome)     // write to --junit FILE
/// ```
enum ExploreJUnit {
    static func xml(for outcome: ExploreOutcome) -> String {
        let esc = JUnitReport.escape
        let failing = Set(outcome.findings.map(\.feature))
        let stopped = outcome.runnerFailure ?? (outcome.missingRunners.isEmpty ? nil : "no runner for \(outcome.missingRunners.joined(separator: ", "))")
        let empty = outcome.steps == 0 && stopped == nil
        let errors = (stopped != nil ? 1 : 0) + (empty ? 1 : 0)
        let tests = outcome.features.count + errors
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<testsuites name="duet explore" tests="\#(tests)" failures="\#(failing.count)" errors="\#(errors)">"# + "\n"
        out += "  <testsuite name=\"\(esc("duet explore " + outcome.platforms.joined(separator: "+")))\" tests=\"\(tests)\" failures=\"\(failing.count)\""
        out += " errors=\"\(errors)\" timestamp=\"\(esc(outcome.startedAt))\" time=\"\(Double(outcome.durationMilliseconds) / 1000)\">\n"
        out += "    <properties><property name=\"seed\" value=\"\(outcome.options.seed)\"/><property name=\"budget\" value=\"\(outcome.options.budget)\"/>"
        out += "<property name=\"steps\" value=\"\(outcome.steps)\"/></properties>\n"
        for feature in outcome.features {
            let findings = outcome.findings.filter { $0.feature == feature.name }
            out += "    <testcase classname=\"duet.explore\" name=\"\(esc(feature.name))\""
            guard !findings.isEmpty else { out += "/>\n"; continue }
            out += ">\n"
            for finding in findings {
                out += "      <failure type=\"\(esc(finding.kind))\" message=\"\(esc(finding.message))\">"
                out += esc(ExploreReports.sides(finding) + "\nreplay: " + finding.replay) + "</failure>\n"
            }
            out += "    </testcase>\n"
        }
        if let stopped {
            out += "    <testcase classname=\"duet.explore\" name=\"(runners)\">\n      <error type=\"runner\" message=\"\(esc(stopped))\"/>\n    </testcase>\n"
        }
        if empty {
            out += "    <testcase classname=\"duet.explore\" name=\"(nothing explored)\">\n"
            out += "      <error type=\"empty\" message=\"no recorded state to start from\"/>\n    </testcase>\n"
        }
        return out + "  </testsuite>\n</testsuites>\n"
    }
}

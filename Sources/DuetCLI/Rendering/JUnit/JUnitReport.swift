import DuetReplay

/// JUnit XML for CI systems: one `<testsuite>` per platform, one `<testcase>` per fixture.
///
/// ```swift
/// let xml = JUnitReport.xml(for: [run])      // write to --junit FILE
/// ```
///
/// A divergence is a `<failure>`; a runner failure or a fixture the run never reached is an
/// `<error>` (never a skip: an unreplayed fixture does not pass).
enum JUnitReport {
    static func xml(for runs: [VerifyRun]) -> String {
        let tests = runs.reduce(0) { $0 + $1.results.count }
        let failures = runs.reduce(0) { $0 + $1.results.count(where: isFailure) }
        let errors = runs.reduce(0) { $0 + $1.results.count(where: isError) } + runs.count { $0.results.isEmpty }
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<testsuites name="duet verify" tests="\#(tests)" failures="\#(failures)" errors="\#(errors)">"# + "\n"
        for run in runs {
            let seconds = Double(run.durationMilliseconds) / 1000
            out += "  <testsuite name=\"\(escape("duet verify " + run.platform))\" tests=\"\(run.results.count)\""
            out += " failures=\"\(run.results.count(where: isFailure))\" errors=\"\(run.results.count(where: isError) + (run.results.isEmpty ? 1 : 0))\""
            out += " timestamp=\"\(escape(run.startedAt))\" time=\"\(seconds)\">\n"
            out += "    <properties><property name=\"runner\" value=\"\(escape(run.runner))\"/></properties>\n"
            if run.results.isEmpty {
                out += "    <testcase classname=\"duet.\(escape(run.platform))\" name=\"(no fixtures)\">\n"
                out += "      <error type=\"empty\" message=\"no stored fixture to verify\"/>\n    </testcase>\n"
            }
            for result in run.results {
                out += "    <testcase classname=\"duet.\(escape(run.platform))\" name=\"\(escape(result.fixture))\""
                guard let failure = result.failure else { out += "/>\n"; continue }
                let element = isFailure(result) ? "failure" : "error"
                out += ">\n      <\(element) type=\"\(failure.kind.rawValue)\" message=\"\(escape(failure.message))\">"
                out += escape(failure.description) + "</\(element)>\n    </testcase>\n"
            }
            if let stop = run.runnerFailure {
                out += "    <system-err>\(escape("run stopped: " + stop.description))</system-err>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    private static func isFailure(_ result: FixtureResult) -> Bool {
        guard let kind = result.failure?.kind else { return false }
        return [.state, .effects, .link, .refused].contains(kind)
    }
    private static func isError(_ result: FixtureResult) -> Bool { result.failure != nil && !isFailure(result) }

    /// XML text/attribute escaping; characters XML 1.0 cannot carry become `\u00XX`.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

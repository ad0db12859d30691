import Duet
import DuetCorpus

extension MilestoneReport {
    /// The failing fixtures table, each fixture linked to its detail.
    func failingFixturesHTML() -> String {
        let detailed = Set((failures?.failures ?? []).filter { $0.gate == .verify }.map { "\($0.platform) \($0.fixture)" })
        let table = failingTable
        let cells = table.rows.map { row -> [String] in
            var cells = row.map(XML.escape)
            if row.count > 1, detailed.contains("\(row[0]) \(row[1])") {
                let anchor = MilestoneAnchors.failure(gate: .verify, platform: row[0], fixture: row[1])
                cells[1] = "<a href=\"#\(XML.escape(anchor))\">\(cells[1])</a>"
            }
            return cells
        }
        return MilestoneHTMLTable.render(columns: table.columns, cells: cells, text: table.rows)
    }

    /// Every verify and drill failure: where it first diverged, expected against got, the scenario
    /// line, and the commands that show and replay it. Open when there are few.
    func failuresHTML() -> String {
        guard let failures else { return "" }
        var out = "<h2>What failed</h2>\n<p>Each failure at its first divergence, with the scenario's line and the commands that show and replay it.</p>\n"
        let open = failures.failures.count <= 12
        for failure in failures.failures { out += detail(failure, open: open) }
        for (gate, count) in failures.omitted.sorted(by: { $0.key < $1.key }) {
            let platform = gate.split(separator: " ").last.map(String.init) ?? ""
            let command = gate.hasPrefix("drill") ? "duet drill restore --platform \(platform)" : "duet verify --platform \(platform)"
            out += "<p>…and \(count) more \(XML.escape(gate)) failure(s): run <code>\(XML.escape(command))</code> to see them all.</p>\n"
        }
        return out
    }

    private func detail(_ failure: MilestoneFailure, open: Bool) -> String {
        let what = failure.gate == .verify ? "verify" : "restore drill"
        var summary = "<b>\(XML.escape(failure.platform))</b> · \(what) · <code>\(XML.escape(failure.fixture))</code> — \(XML.escape(failure.kind))"
        if let step = failure.step { summary += " at step \(step)" + (failure.label.map { " “\(XML.escape($0))”" } ?? "") }
        else if failure.gate == .drill { summary += " at the initial state" }
        if let path = failure.path { summary += " · <code>\(XML.escape(path.isEmpty ? "(root)" : path))</code>" }
        var facts: [(String, String)] = []
        if let node = failure.node { facts.append(("node", "<code>\(XML.escape(node))</code>")) }
        if let action = failure.action { facts.append(("action", "<code>\(XML.escape(action))</code>")) }
        if let source = failure.source { facts.append(("source", "<code>\(XML.escape(source))</code>")) }
        if let message = failure.message { facts.append(("message", XML.escape(message))) }
        var out = "<details class=\"failure\" id=\"\(XML.escape(MilestoneAnchors.failure(failure)))\"\(open ? " open" : "")>\n<summary>\(summary)</summary>\n"
        if !facts.isEmpty { out += "<dl>" + facts.map { "<dt>\($0.0)</dt><dd>\($0.1)</dd>" }.joined() + "</dl>\n" }
        if failure.expected != nil || failure.actual != nil {
            out += "<div class=\"diff\"><div><h4>expected</h4><pre class=\"expected\">\(XML.escape(Self.readable(failure.expected)))</pre></div>"
            out += "<div><h4>got</h4><pre class=\"got\">\(XML.escape(Self.readable(failure.actual)))</pre></div></div>\n"
        }
        out += "<h4>to see it and replay it</h4><pre class=\"commands\">\(XML.escape(Self.reproduce(failure).joined(separator: "\n")))</pre>\n"
        return out + "</details>\n"
    }

    /// The commands that show the step and replay the fixture on the platform that failed it.
    static func reproduce(_ failure: MilestoneFailure) -> [String] {
        var commands: [String] = []
        commands.append("duet show \(failure.fixture)" + (failure.step.map { "#\($0)" } ?? ""))
        switch failure.gate {
        case .verify: commands.append("duet verify --platform \(failure.platform) --fixture \(failure.fixture)")
        case .drill: commands.append("duet drill restore --platform \(failure.platform) --fixture \(failure.fixture)")
        }
        return commands
    }

    /// A canonical fragment in the pretty form when it is JSON; `(absent)` when there was none.
    static func readable(_ fragment: String?) -> String {
        guard let fragment else { return "(absent)" }
        guard let value = try? CanonicalJSON.parse(fragment) else { return fragment }
        let pretty = value.prettyString
        return pretty.hasSuffix("\n") ? String(pretty.dropLast()) : pretty
    }
}

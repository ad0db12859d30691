import DuetCorpus

extension MilestoneReport {
    /// Every failure in Markdown: where, expected against got, the source line, the commands.
    func failuresMarkdown() -> String {
        guard let failures else { return "" }
        var out = "\n## What failed\n"
        for failure in failures.failures {
            out += "\n### \(failure.platform) · \(failure.gate == .verify ? "verify" : "restore drill") · \(failure.fixture)\n\n"
            var where_ = failure.kind + (failure.step.map { " at step \($0)" + (failure.label.map { " “\($0)”" } ?? "") } ?? "")
            if let path = failure.path { where_ += " — `\(path.isEmpty ? "(root)" : path)`" }
            out += "- \(where_)\n"
            if let action = failure.action { out += "- action `\(action)`\n" }
            if let source = failure.source { out += "- source `\(source)`\n" }
            if let message = failure.message { out += "- \(message)\n" }
            if failure.expected != nil || failure.actual != nil {
                out += "\nexpected:\n\n```json\n\(Self.readable(failure.expected))\n```\n\ngot:\n\n```json\n\(Self.readable(failure.actual))\n```\n"
            }
            out += "\n```sh\n" + Self.reproduce(failure).joined(separator: "\n") + "\n```\n"
        }
        for (gate, count) in failures.omitted.sorted(by: { $0.key < $1.key }) { out += "\n…and \(count) more \(gate) failure(s).\n" }
        return out
    }

    /// The map in words: per feature its size, and what changed since the previous milestone.
    func mapsMarkdown() -> String {
        guard let navigation else { return "This milestone was recorded before maps were kept.\n" }
        var out = ""
        if let difference, let change = difference.navigation {
            out += change.isEmpty ? "Nothing changed on the map since \(difference.previous).\n\n" : "Since \(difference.previous): \(Self.summary(change)).\n\n"
        }
        out += "| feature | states | transitions | fixtures |\n| --- | --- | --- | --- |\n"
        for feature in navigation.features { out += "| \(feature.feature) | \(feature.nodes.count) | \(feature.edges.count) | \(feature.fixtures) |\n" }
        out += "\n\(navigation.seams.count) seam(s) between features. Draw it: `duet map --format mermaid` (or `--format svg`).\n"
        for change in difference?.navigation?.features ?? [] {
            let lines = change.addedNodes.map { "added the state \($0.id)" } + change.addedEdges.map { "added \($0.verb) from \($0.from) to \($0.to)" }
                + change.removedNodes.map { "removed the state \($0.id)" } + change.removedEdges.map { "removed \($0.verb) from \($0.from) to \($0.to)" }
            out += "\n\(change.feature):\n\n" + lines.map { "- \($0)\n" }.joined()
        }
        return out
    }
}

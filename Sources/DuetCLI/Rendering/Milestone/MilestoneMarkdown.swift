import DuetCorpus

extension MilestoneReport {
    /// The report as one Markdown document.
    ///
    /// ```swift
    /// try report.markdown().write(toFile: "milestone.md", atomically: true, encoding: .utf8)
    /// ```
    func markdown() -> String {
        var out = "# Milestone \(name)\n\nCreated \(createdAt). \(headline).\n\n"
        out += table(checksTable)
        out += section("Corpus", table(["fixtures", "steps", "snapshots", "blobs", "bytes"],
                                       [[corpus.fixtures, corpus.steps, corpus.snapshots, corpus.blobs, corpus.bytes].map(String.init)]))
        out += section("Verify", verifyMarkdown())
        out += section("Restore drill", ((drill ?? []).isEmpty ? "No full restore drill is stored.\n" : table(drillTable))
                           + (drillMissing ?? []).map { "\n- \($0.platform): not drilled — \($0.reason)\n" }.joined())
        out += failuresMarkdown()
        out += section("Lint", lint.map { "\($0.summary).\n" + ((lintTable?.rows.isEmpty ?? true) ? "" : "\n" + table(lintTable!)) }
                           ?? "No parity/manifest.yaml was linted.\n")
        out += section("Audit", auditStale.map { "Not checked — \($0).\n" } ?? audit.map { "\($0.summary), \($0.createdAt), over \($0.paths.joined(separator: " ")).\n"
                                                + ((auditTable?.rows.isEmpty ?? true) ? "" : "\n" + table(auditTable!)) }
                            ?? "No audit is stored: run `duet audit PATH…` over the host sources.\n")
        out += section("Navigation map", mapsMarkdown())
        out += section("Census", censusMarkdown())
        out += section("Kind coverage", coverageMarkdown())
        out += section("Action coverage", (actionCoverageTable.map(table) ?? "") + "\n" + actionCoverageLines.map { "- \($0)\n" }.joined())
        out += section("Islands", islands.islands.isEmpty ? "No island is declared.\n" : table(
            ["island", "feature", "platforms", "snapshots", "summaries", "verbs", "twins", "finding"],
            islands.islands.map { [$0.id, $0.feature, $0.platforms.joined(separator: ", "), "\($0.snapshots)", "\($0.summaries)",
                                   $0.verbs.joined(separator: ", "), $0.twins.joined(separator: ", "), $0.finding] }))
        out += section("Ledger", ledger.isEmpty ? "No waiver or island entry.\n" : table(
            ["section", "feature", "entry", "platform", "since", "recorded"],
            ledger.map { [$0.section.rawValue, $0.feature, $0.subject, $0.platform ?? "all", $0.body["since"]?.stringValue ?? "",
                          $0.validFrom.isEmpty ? "not synced" : $0.validFrom] }))
        out += section("Difference", differenceMarkdown())
        return out
    }

    /// Holds only when every check ran and holds; what was not checked (a stale result among them) is counted, never taken as holding.
    var headline: String {
        guard holds else { return "A check fails" }
        let notChecked = checks.count { $0.status == .notChecked }
        return notChecked == 0 ? "Every check holds" : "Every check that ran holds; \(notChecked) not checked (no result stands for now)"
    }

    private func censusMarkdown() -> String {
        var rows = census.features.map { f in
            [f.feature] + [f.declared.path, f.declared.slot, f.declared.tabs, f.declared.stage].map(String.init)
                + ["\(f.observed.path)/\(f.observed.slot)/\(f.observed.tabs)/\(f.observed.stage)"]
        }
        let d = census.declared, o = census.observed
        rows.append(["**total**", "\(d.path)", "\(d.slot)", "\(d.tabs)", "\(d.stage)", "\(o.path)/\(o.slot)/\(o.tabs)/\(o.stage)"])
        var out = table(["feature", "path", "slot", "tabs", "stage", "observed p/s/t/s"], rows)
        out += "\n### Candidates\n\n"
        out += census.candidates.isEmpty ? "No navigation-shaped field outside L0.\n" : table(
            ["field", "shape", "why", "ruling", "reason", "since"],
            census.candidates.map { [$0.id, $0.shape, $0.reasons.joined(separator: "; "), $0.ruling ?? "unruled", $0.rulingReason ?? "", $0.since ?? ""] })
        if !census.staleRulings.isEmpty {
            out += "\nRulings that match no candidate: \(census.staleRulings.joined(separator: ", ")).\n"
        }
        return out
    }

    private func coverageMarkdown() -> String {
        let declared = coverage.declared
        let reached = declared.filter(\.reached).count
        var out = "\(reached) of \(declared.count) declared kinds are reached by a fixture"
        out += coverage.unreached.isEmpty ? ".\n\n" : "; unreached: \(coverage.unreached.map(\.kind).joined(separator: ", ")).\n\n"
        out += table(["kind", "declared", "fixtures", "steps"],
                     coverage.entries.map { [$0.kind, $0.declared ? "yes" : "no", "\($0.fixtures)", "\($0.steps)"] })
        return out
    }

    private func verifyMarkdown() -> String {
        var out = verify.isEmpty ? "No full verify run.\n" : table(verifyTable)
        for missing in verifyMissing ?? [] { out += "\n- \(missing.platform): not verified — \(missing.reason)\n" }
        if !failingTable.rows.isEmpty { out += "\n### Failing fixtures\n\n" + table(failingTable) }
        return out
    }

    private func differenceMarkdown() -> String {
        guard let difference else { return "This is the first milestone.\n" }
        let out = "Since \(difference.previous) (\(difference.previousCreatedAt))"
        if difference.isEmpty { return out + ": nothing added, removed or changed.\n" }
        return out + ":\n\n" + differenceLines.map { "- \($0)\n" }.joined()
    }

    private func section(_ title: String, _ body: String) -> String { "\n## \(title)\n\n" + body }

    private func table(_ table: MilestoneTable) -> String { self.table(table.columns, table.rows) }

    private func table(_ columns: [String], _ rows: [[String]]) -> String {
        func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
        var out = "| " + columns.joined(separator: " | ") + " |\n|" + String(repeating: " --- |", count: columns.count) + "\n"
        for row in rows { out += "| " + row.map(cell).joined(separator: " | ") + " |\n" }
        return out
    }
}

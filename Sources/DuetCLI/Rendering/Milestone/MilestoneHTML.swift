import Duet
import DuetCorpus

extension MilestoneReport {
    /// The report as one self-contained HTML page: inline CSS, maps and charts as inline SVG, kind
    /// coverage as chips; every failure in detail; anchors per section and per failure. No external
    /// asset, no script. It reads on a phone: a viewport, tables become cards, labels stay legible.
    ///
    /// ```swift
    /// try report.html(MilestonePage(trend: trend)).write(toFile: "milestone.html", atomically: true, encoding: .utf8)
    /// ```
    func html(_ page: MilestonePage = MilestonePage()) -> String {
        var body = "<h1>Milestone \(escape(name))</h1>\n" + headerHTML()
        body += "<p class=\"\(holds ? "holds" : "fails")\">Created \(escape(createdAt)). <b>\(escape(headline))</b>.</p>\n"
        body += MilestoneAnchors.contentsMark
        body += table(checksTable)
        body += "<h2>Corpus</h2>\n" + table(["fixtures", "steps", "snapshots", "blobs", "bytes"],
                                            [[corpus.fixtures, corpus.steps, corpus.snapshots, corpus.blobs, corpus.bytes].map(String.init)])
        body += "<h2>Verify</h2>\n" + (verify.isEmpty ? "<p>No full verify run.</p>\n" : table(verifyTable))
        body += (verifyMissing ?? []).map { "<p>\(escape($0.platform)): not verified — \(escape($0.reason))</p>\n" }.joined()
        if !failingTable.rows.isEmpty { body += "<h3>Failing fixtures</h3>\n" + failingFixturesHTML() }
        body += "<h2>Restore drill</h2>\n" + ((drill ?? []).isEmpty ? "<p>No full restore drill is stored.</p>\n" : table(drillTable))
        body += (drillMissing ?? []).map { "<p>\(escape($0.platform)): not drilled — \(escape($0.reason))</p>\n" }.joined()
        body += failuresHTML()
        body += "<h2>Lint</h2>\n" + (lint.map { "<p>\(escape($0.summary)).</p>\n" + ((lintTable?.rows.isEmpty ?? true) ? "" : table(lintTable!)) }
                                       ?? "<p>No parity/manifest.yaml was linted.</p>\n")
        body += "<h2>Audit</h2>\n" + (audit.map { "<p>\(escape("\($0.summary), \($0.createdAt), over \($0.paths.joined(separator: " "))")).</p>\n"
                                                  + ((auditTable?.rows.isEmpty ?? true) ? "" : table(auditTable!)) }
                                        ?? "<p>No audit is stored: run <code>duet audit PATH…</code> over the host sources.</p>\n")
        body += mapsHTML(drawer: page.drawer)
        body += "<h2>Trends</h2>\n" + (page.trend?.html() ?? "<p>No trend: shown by <code>duet milestone NAME --format html</code>, over the stored milestones.</p>\n")
        body += "<h2>Census</h2>\n" + censusChart()
        body += "<h3>Candidates</h3>\n" + (census.candidates.isEmpty ? "<p>No navigation-shaped field outside L0.</p>\n" : table(
            ["field", "shape", "why", "ruling", "reason", "since"],
            census.candidates.map { [$0.id, $0.shape, $0.reasons.joined(separator: "; "), $0.ruling ?? "unruled", $0.rulingReason ?? "", $0.since ?? ""] }))
        body += "<h2>Kind coverage</h2>\n" + coverageGrid()
        body += "<h2>Action coverage</h2>\n" + (actionCoverageTable.map(table) ?? "") + "<ul>\n" + actionCoverageLines.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
        body += "<h2>Islands</h2>\n" + (islands.islands.isEmpty ? "<p>No island is declared.</p>\n" : table(
            ["island", "feature", "platforms", "snapshots", "summaries", "verbs", "twins", "finding"],
            islands.islands.map { [$0.id, $0.feature, $0.platforms.joined(separator: ", "), "\($0.snapshots)", "\($0.summaries)",
                                   $0.verbs.joined(separator: ", "), $0.twins.joined(separator: ", "), $0.finding] }))
        body += "<h2>Ledger</h2>\n" + (ledger.isEmpty ? "<p>No waiver or island entry.</p>\n" : table(
            ["section", "feature", "entry", "platform", "since", "recorded"],
            ledger.map { [$0.section.rawValue, $0.feature, $0.subject, $0.platform ?? "all", $0.body["since"]?.stringValue ?? "",
                          $0.validFrom.isEmpty ? "not synced" : $0.validFrom] }))
        body += "<h2>Difference</h2>\n" + differenceHTML()
        let (linked, contents) = MilestoneAnchors.linked(body)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Milestone \(escape(name))</title>
            <style>
            body{font:14px/1.45 -apple-system,system-ui,sans-serif;margin:2em auto;max-width:72em;padding:0 1em;color:#222;overflow-wrap:anywhere}
            h1{font-size:1.6em;overflow-wrap:anywhere}
            .scroll{overflow-x:auto;max-width:100%;margin:.5em 0 1.5em}
            table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.25em .6em;text-align:left;vertical-align:top}
            th{white-space:nowrap}td{overflow-wrap:normal;min-width:3em}
            svg{max-width:100%;height:auto}
            @media (max-width:600px){body{margin:1em auto;padding:0 .6em;font-size:13px}th,td{padding:.2em .4em}}
            th{background:#f3f3f3}.holds b{color:#1a7f37}.fails b{color:#c62828}
            .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(14em,1fr));gap:4px;margin:.5em 0 1.5em}
            .kind{padding:.3em .5em;border-radius:3px;font-size:12px;overflow-wrap:anywhere}
            .reached{background:#d7f5dd}.unreached{background:#ffd9d9}.undeclared{background:#fff2c2}
            .legend span{display:inline-block;padding:0 .5em;margin-right:.5em;border-radius:3px}
            figure.census{max-width:560px;margin:.5em 0 1.5em}
            \(MilestonePageStyle.css)
            </style>
            </head>
            <body>
            \(linked.replacingOccurrences(of: MilestoneAnchors.contentsMark, with: contents))</body>
            </html>

            """
    }

    private func coverageGrid() -> String {
        let declared = coverage.declared
        var out = "<p>\(declared.filter(\.reached).count) of \(declared.count) declared kinds are reached by a fixture.</p>\n"
        out += "<p class=\"legend\"><span class=\"reached\">reached</span><span class=\"unreached\">declared, never reached</span>"
        out += "<span class=\"undeclared\">reached, not declared</span></p>\n<div class=\"grid\">\n"
        for entry in coverage.entries {
            let style = !entry.declared ? "undeclared" : entry.reached ? "reached" : "unreached"
            // A chip may break only after a dot, never inside a word.
            out += "<div class=\"kind \(style)\" title=\"\(entry.fixtures) fixtures, \(entry.steps) steps\">\(escape(entry.kind).replacingOccurrences(of: ".", with: ".<wbr>"))</div>\n"
        }
        return out + "</div>\n"
    }

    private func differenceHTML() -> String {
        guard let difference else { return "<p>This is the first milestone.</p>\n" }
        let out = "<p>Since \(escape(difference.previous)) (\(escape(difference.previousCreatedAt)))"
        if difference.isEmpty { return out + ": nothing added, removed or changed.</p>\n" }
        return out + ":</p>\n<ul>\n" + differenceLines.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
    }

    private func table(_ table: MilestoneTable) -> String { self.table(table.columns, table.rows) }

    /// A table in its own scrolling box, so a wide one never widens the page.
    private func table(_ columns: [String], _ rows: [[String]]) -> String { MilestoneHTMLTable.render(columns: columns, rows: rows) }

    private func escape(_ text: String) -> String { XML.escape(text) }
}

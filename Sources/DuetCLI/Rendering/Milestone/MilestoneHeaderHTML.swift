import DuetCorpus

extension MilestoneReport {
    /// Who built the report from what: the commit, the duet, and each platform's runner.
    func headerHTML() -> String {
        guard let build else {
            return "<header class=\"build\"><p>Recorded by a duet that did not keep its commit, version or runners.</p></header>\n"
        }
        var items: [(String, String)] = []
        if let commit = build.commit {
            let short = String(commit.prefix(12))
            items.append(("commit", "<code title=\"\(XML.escape(commit))\">\(XML.escape(short))</code>" + (build.modified == true ? " (with uncommitted changes)" : "")))
        } else {
            items.append(("commit", "not a git checkout"))
        }
        items.append(("duet", XML.escape("\(build.duet) (\(build.toolchain))")))
        for runner in build.runners {
            let made = runner.build.map { "build <code>\(XML.escape($0))</code>" } ?? "build not reported"
            items.append(("\(runner.platform) runner", "<code>\(XML.escape(runner.command))</code>, \(made)"))
        }
        if build.runners.isEmpty { items.append(("runners", "no gate ran a runner")) }
        return "<header class=\"build\"><dl>" + items.map { "<div><dt>\(XML.escape($0.0))</dt><dd>\($0.1)</dd></div>" }.joined() + "</dl></header>\n"
    }
}

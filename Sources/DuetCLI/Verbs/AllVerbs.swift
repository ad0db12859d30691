/// Every verb, in the order `duet help` lists them. One line per verb.
enum VerbTable {
    static var all: [any Verb.Type] { [
        // Every day: start, record, review, verify.
        InitVerb.self,
        DoctorVerb.self,
        RecordVerb.self,
        PendingVerb.self,
        PendingShowVerb.self,
        PendingAcceptVerb.self,
        PendingRejectVerb.self,
        ReviewVerb.self,
        VerifyVerb.self,
        RunsVerb.self,
        RunsImportVerb.self,
        RunsPruneVerb.self,
        ExplainVerb.self,
        DrillRestoreVerb.self,
        ExploreVerb.self,
        ShowVerb.self,
        MaterializeVerb.self,
        ScopeVerb.self,
        // Questions and milestone procedures.
        QueryTouchesVerb.self,
        QueryKindsVerb.self,
        QueryVerbsVerb.self,
        MapVerb.self,
        QueryFixturesVerb.self,
        QuerySQLVerb.self,
        CensusVerb.self,
        CoverageVerb.self,
        IslandsVerb.self,
        LintVerb.self,
        AuditVerb.self,
        LedgerSyncVerb.self,
        LedgerHistoryVerb.self,
        LedgerImportGitVerb.self,
        MilestoneVerb.self,
        MutateVerb.self,
        McpVerb.self,
        // Files and the corpus itself.
        ImportVerb.self,
        ExportVerb.self,
        FmtVerb.self,
        CorpusDumpVerb.self,
        CorpusLoadVerb.self,
        CorpusStatsVerb.self,
        CorpusCheckVerb.self,
        CorpusMigrateVerb.self,
    ] }

    /// Every verb's name, and each group's first word (`corpus`), as a user may type them.
    static var names: [String] {
        let full = all.map { $0.name }
        return full + ["help"] + Set(full.compactMap { $0.split(separator: " ").count > 1 ? String($0.split(separator: " ")[0]) : nil }).sorted()
    }

    /// The verb whose (possibly multi-word) name is the longest prefix of the arguments.
    static func match(_ arguments: [String]) -> (any Verb.Type, [String])? {
        var best: (any Verb.Type, Int)?
        for verb in all {
            let words = verb.name.split(separator: " ").map(String.init)
            guard words.count <= arguments.count, Array(arguments.prefix(words.count)) == words else { continue }
            if best == nil || words.count > best!.1 { best = (verb, words.count) }
        }
        return best.map { ($0.0, Array(arguments.dropFirst($0.1))) }
    }
}

import DuetCorpus

extension IslandReport {
    /// `promote to a kind`, `not in the ledger`, or empty.
    var finding: String {
        if shouldPromote { return "promote to a kind" }
        if !declared { return "not in the ledger" }
        return ""
    }
}

import Duet
import DuetAudit

extension Corpus {
    /// Stores an audit; the milestone reports the latest one.
    ///
    /// ```swift
    /// try corpus.storeAudit(try SourceAudit.run(paths: ["App"], relativeTo: cwd, structures: try corpus.knownStructures(), now: Date()))
    /// try corpus.latestAudit()?.findings.count
    /// ```
    public func storeAudit(_ report: AuditReport) throws {
        try write(touchesTree: false) {
            try database.execute("INSERT INTO audits(created_at, holds, findings, report) VALUES (?, ?, ?, ?)", [
                .text(report.createdAt), SQLValue(report.holds), SQLValue(report.findings.count),
                .blob(try CanonicalEncoder().canonicalBytes(report)),
            ])
        }
    }

    /// The audit stored last, nil when none was run.
    public func latestAudit() throws -> AuditReport? {
        guard let bytes = try database.rows("SELECT report FROM audits ORDER BY id DESC LIMIT 1").first?[0].blob else { return nil }
        return try CanonicalDecoder().decode(AuditReport.self, from: bytes)
    }
}

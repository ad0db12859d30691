import Duet

/// Checks whose results are kept with their inputs (table `check_results`); verify and drill runs,
/// and audits, have tables of their own.
public enum CheckKind: String, Sendable, CaseIterable { case lint, census }

extension Corpus {
    /// Stores a lint or census result with what it judged (`describes`: `runnerDescribesHash()`,
    /// for lint's parity rule). The latest 50 of each kind are kept.
    ///
    /// ```swift
    /// try corpus.storeCheckResult(.census, census, holds: census.holds, findings: census.unruled.count,
    ///                             inputs: try corpus.currentInputs(manifestPath: path), createdAt: now)
    /// ```
    public func storeCheckResult<Result: Encodable>(_ kind: CheckKind, _ result: Result, holds: Bool, findings: Int, inputs: ResultInputs,
                                                    describes: String? = nil, createdAt: String) throws {
        let report = try CanonicalEncoder().canonicalBytes(result)
        try write(touchesTree: false) {
            try database.execute("""
                INSERT INTO check_results (kind, created_at, holds, findings, fixtures_hash, manifest_hash, structures_hash, describes_hash, report)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(kind.rawValue), .text(createdAt), SQLValue(holds), SQLValue(findings), .text(inputs.fixtures),
                      SQLValue(inputs.manifest), .text(inputs.structures ?? ""), SQLValue(describes), .blob(report)])
            try database.execute("""
                DELETE FROM check_results WHERE kind = ?1 AND id NOT IN (SELECT id FROM check_results WHERE kind = ?1 ORDER BY id DESC LIMIT 50)
                """, [.text(kind.rawValue)])
        }
    }

    /// The latest stored result of `kind` says exactly this: the same report, verdict, finding
    /// count and inputs (fixtures, manifest, structures; no `describes`).
    func latestCheckResultRepeats<Result: Encodable>(_ kind: CheckKind, _ result: Result, holds: Bool, findings: Int,
                                                     inputs: ResultInputs) throws -> Bool {
        guard let latest = try database.cachedStatement("""
            SELECT holds, findings, fixtures_hash, manifest_hash, structures_hash, describes_hash, report
            FROM check_results WHERE kind = ? ORDER BY id DESC LIMIT 1
            """).rows([.text(kind.rawValue)]).first else { return false }
        let report = try CanonicalEncoder().canonicalBytes(result)
        return latest[0].integer == (holds ? 1 : 0) && latest[1].integer == Int64(findings) && latest[2].text == inputs.fixtures
            && latest[3].text == inputs.manifest && latest[4].text == (inputs.structures ?? "") && latest[5].text == nil
            && latest[6].blob == report
    }

    /// The hash of every platform's stored `describe` answer, platforms in order; nil when none is stored.
    public func runnerDescribesHash() throws -> String? {
        let describes = try runnerDescribes()
        guard !describes.isEmpty else { return nil }
        var members = JSONObject()
        for (platform, structures) in describes { members[platform] = try CanonicalEncoder().encode(structures) }
        return ContentHash(of: JSONValue.object(members).canonicalBytes).hex
    }
}

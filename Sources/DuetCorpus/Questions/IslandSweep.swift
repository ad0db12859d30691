import DuetManifest

/// One island of the sweep: its ledger entries, its boundary summary statistics and its verbs.
public struct IslandReport: Sendable, Codable, Equatable {
    public var id: String
    public var feature: String
    /// The state field holding the boundary summary, when a structure declares it.
    public var field: String?
    /// Platforms with a ledger entry (`all` for an entry without a platform); empty when the
    /// island is in a structure but not in the ledger.
    public var platforms: [String]
    /// Distinct snapshots carrying a summary of this island, and distinct summaries among them.
    public var snapshots: Int
    public var summaries: Int
    /// Action cases that change the boundary summary, failure/revert twins left out.
    public var verbs: [String]
    /// `<verb>Failed` / `<verb>Reverted` actions whose every change restores the summary from before `<verb>`.
    public var twins: [String]

    public var declared: Bool { !platforms.isEmpty }
    /// Three or more verbs: the island has grown navigation and should become a kind.
    public var shouldPromote: Bool { verbs.count >= IslandSweep.promotionThreshold }
}

/// The island ledger sweep.
public struct IslandSweep: Sendable, Codable, Equatable {
    public static let promotionThreshold = 3
    /// Sorted by id.
    public var islands: [IslandReport]
    public var promotions: [IslandReport] { islands.filter(\.shouldPromote) }
    public var holds: Bool { promotions.isEmpty }
}

extension Corpus {
    /// Sweeps the declared islands (manifest `presentation.islands`) and those structures name.
    ///
    /// ```swift
    /// let sweep = try corpus.islandSweep(ledger: manifest.islands)
    /// sweep.islands.map { ($0.id, $0.verbs.count) }
    /// sweep.holds   // false when an island has three or more verbs
    /// ```
    public func islandSweep(ledger: [IslandEntry]) throws -> IslandSweep {
        var reports: [String: IslandReport] = [:]
        for entry in ledger {
            var report = reports[entry.id] ?? IslandReport(id: entry.id, feature: entry.feature, field: nil, platforms: [],
                                                           snapshots: 0, summaries: 0, verbs: [], twins: [])
            report.platforms.append(entry.platform ?? "all")
            reports[entry.id] = report
        }
        try database.cachedStatement("""
            SELECT substr(role, 8), feature, path FROM structure_fields WHERE role LIKE 'island:%' ORDER BY 1, 2, 3
            """).forEachRow { row in
            let id = row.text(at: 0) ?? ""
            var report = reports[id] ?? IslandReport(id: id, feature: row.text(at: 1) ?? "", field: nil, platforms: [],
                                                     snapshots: 0, summaries: 0, verbs: [], twins: [])
            if report.field == nil, report.feature == row.text(at: 1) { report.field = row.text(at: 2) }
            reports[id] = report
        }
        for id in Array(reports.keys) {
            var report = reports[id]!
            report.platforms.sort()
            if let row = try database.cachedStatement("""
                SELECT coalesce(sum(snapshots), 0), coalesce(sum(summaries), 0) FROM island_statistics WHERE island = ?1
                """).rows([.text(id)]).first {
                report.snapshots = Int(row[0].integer ?? 0)
                report.summaries = Int(row[1].integer ?? 0)
            }
            if let field = report.field {
                (report.verbs, report.twins) = try islandVerbs(feature: report.feature, field: field)
            }
            reports[id] = report
        }
        return IslandSweep(islands: reports.values.sorted { $0.id < $1.id })
    }

    /// The action cases whose steps change the summary in `field` against the previous snapshot.
    private func islandVerbs(feature: String, field: String) throws -> (verbs: [String], twins: [String]) {
        struct Change { var verb: String; var before: Int64?; var after: Int64? }
        var changes: [[Change]] = []
        var current: [Change] = []
        var previous: (fixture: Int64, summary: Int64?)?
        try database.cachedStatement("""
            SELECT f.id, -1, NULL, i.summary_blob FROM fixtures f
            LEFT JOIN island_summaries i ON i.feature = f.feature AND i.snapshot = f.initial_blob AND i.field = ?2
            WHERE f.feature = ?1 AND f.shape = 'leaf'
            UNION ALL
            SELECT s.fixture_id, s.idx, s.action_case, i.summary_blob FROM steps s JOIN fixtures f ON f.id = s.fixture_id
            LEFT JOIN island_summaries i ON i.feature = f.feature AND i.snapshot = s.state_blob AND i.field = ?2
            WHERE f.feature = ?1
            ORDER BY 1, 2
            """).forEachRow([.text(feature), .text(field)]) { row in
            let fixture = row.int64(at: 0)
            let summary: Int64? = row.isNull(at: 3) ? nil : row.int64(at: 3)
            if let previous, previous.fixture == fixture {
                if previous.summary != summary {
                    current.append(Change(verb: row.text(at: 2) ?? "", before: previous.summary, after: summary))
                }
            } else if !current.isEmpty {
                changes.append(current); current = []
            }
            previous = (fixture, summary)
        }
        if !current.isEmpty { changes.append(current) }
        let all = Set(changes.joined().map(\.verb))
        var twins = Set<String>()
        for verb in all {
            guard let base = IslandTwins.base(of: verb), base != verb, all.contains(base) else { continue }
            // Every change by the twin restores the summary from before the latest `base` change in its fixture.
            let restores = changes.allSatisfy { fixture in
                fixture.indices.filter { fixture[$0].verb == verb }.allSatisfy { index in
                    guard let undone = fixture[..<index].last(where: { $0.verb == base }) else { return false }
                    return fixture[index].after == undone.before
                }
            }
            if restores { twins.insert(verb) }
        }
        return (all.subtracting(twins).sorted(), twins.sorted())
    }
}

/// Failure and revert twins: `<verb>Failed`, `<verb>Reverted`.
enum IslandTwins {
    static let suffixes = ["Failed", "Reverted"]
    static func base(of verb: String) -> String? {
        for suffix in suffixes where verb.hasSuffix(suffix) && verb.count > suffix.count { return String(verb.dropLast(suffix.count)) }
        return nil
    }
}

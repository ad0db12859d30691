import Foundation
import Duet
import DuetManifest

/// One version of a ledger entry (a waiver or an island entry of `parity/manifest.yaml`).
public struct LedgerEntryVersion: Sendable, Codable, Equatable {
    public enum Section: String, Sendable, Codable { case waiver, island }

    public var section: Section
    /// Identifies the entry across versions: `feature|kind|platform` for a waiver, `id|platform` for an island.
    public var key: String
    public var feature: String
    /// The waived kind, or the island id.
    public var subject: String
    public var platform: String?
    /// The entry's fields as written in the manifest.
    public var body: JSONValue
    /// ISO-8601 UTC; `validTo` is nil while the entry is in the manifest.
    public var validFrom: String
    public var validTo: String?
    /// The manifest commits that opened and closed this version, when the history came from git.
    public var openedBy: String?
    public var closedBy: String?

    public var isCurrent: Bool { validTo == nil }
}

/// What one `ledger sync` changed.
public struct LedgerSync: Sendable, Codable, Equatable {
    /// New entries, and new versions of changed ones.
    public var opened: [LedgerEntryVersion]
    /// Versions that ended: their entry left the manifest or changed.
    public var closed: [LedgerEntryVersion]
    public var unchanged: Int
}

extension LedgerEntryVersion {
    /// The manifest's entries as they stand (`validFrom` left empty).
    public static func entries(waivers: [Waiver], islands: [IslandEntry]) -> [LedgerEntryVersion] {
        func object(_ pairs: [(String, String?)]) -> JSONValue {
            var object = JSONObject()
            for (key, value) in pairs { if let value { object[key] = .string(value) } }
            return .object(object)
        }
        let waiverEntries = waivers.map { w in
            LedgerEntryVersion(section: .waiver, key: "\(w.feature)|\(w.kind)|\(w.platform)", feature: w.feature, subject: w.kind,
                               platform: w.platform,
                               body: object([("kind", w.kind), ("feature", w.feature), ("platform", w.platform), ("manner", w.manner),
                                             ("reason", w.reason), ("since", w.since)]),
                               validFrom: "", validTo: nil)
        }
        let islandEntries = islands.map { i in
            LedgerEntryVersion(section: .island, key: "\(i.id)|\(i.platform ?? "all")", feature: i.feature, subject: i.id,
                               platform: i.platform,
                               body: object([("id", i.id), ("feature", i.feature), ("platform", i.platform), ("boundary", i.boundary),
                                             ("internals", i.internals), ("reason", i.reason), ("since", i.since)]),
                               validFrom: "", validTo: nil)
        }
        return waiverEntries + islandEntries
    }

    /// `2026-07-02T09:30:00.000Z`: UTC, to the nearest millisecond (as ISO8601DateFormatter writes it).
    /// Formatted by hand: the first ISO8601DateFormatter of a process loads ICU's calendar data,
    /// a large share of a short verb's time.
    public static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let millisecond = Int((milliseconds % 1000 + 1000) % 1000)
        var seconds = time_t((milliseconds - Int64(millisecond)) / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func digits(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(Int(parts.tm_year) + 1900, 4) + "-" + digits(Int(parts.tm_mon) + 1, 2) + "-" + digits(Int(parts.tm_mday), 2)
            + "T" + digits(Int(parts.tm_hour), 2) + ":" + digits(Int(parts.tm_min), 2) + ":" + digits(Int(parts.tm_sec), 2)
            + "." + digits(millisecond, 3) + "Z"
    }
}

extension Corpus {
    /// Records the manifest's waiver and island entries: a new or changed entry opens a version
    /// valid from `now`, a vanished or changed one is closed at `now`. One transaction.
    ///
    /// ```swift
    /// let sync = try corpus.syncLedger(waivers: manifest.waivers, islands: manifest.islands, now: Date())
    /// sync.opened.count; sync.closed.count
    /// ```
    public func syncLedger(waivers: [Waiver], islands: [IslandEntry], now: Date) throws -> LedgerSync {
        try write(touchesTree: false) { try applyLedger(LedgerEntryVersion.entries(waivers: waivers, islands: islands), at: LedgerEntryVersion.timestamp(now), commit: nil) }
    }

    /// Brings the open versions to `entries` as of `stamp`: closes what vanished or changed, opens what is new or changed.
    func applyLedger(_ entries: [LedgerEntryVersion], at stamp: String, commit: String?) throws -> LedgerSync {
        var wanted: [String: LedgerEntryVersion] = [:]
        var order: [String] = []
        for entry in entries {
            let id = "\(entry.section.rawValue)#\(entry.key)"
            if wanted[id] == nil { order.append(id); wanted[id] = entry }
        }
        var sync = LedgerSync(opened: [], closed: [], unchanged: 0)
        var current: [String: LedgerEntryVersion] = [:]
        for entry in try ledgerVersions(currentOnly: true) { current["\(entry.section.rawValue)#\(entry.key)"] = entry }
        let close = try database.cachedStatement("""
            UPDATE ledger_entries SET valid_to = max(?3, valid_from), closed_by = ?4
            WHERE section = ?1 AND entry_key = ?2 AND valid_to IS NULL
            """)
        let insert = try database.cachedStatement("""
            INSERT INTO ledger_entries(section, entry_key, feature, subject, platform, body, valid_from, opened_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (id, old) in current.sorted(by: { $0.key < $1.key }) where wanted[id]?.body != old.body {
            try close.execute([.text(old.section.rawValue), .text(old.key), .text(stamp), SQLValue(commit)])
            var ended = old
            ended.validTo = max(stamp, old.validFrom)
            ended.closedBy = commit
            sync.closed.append(ended)
        }
        for id in order {
            var entry = wanted[id]!
            if current[id]?.body == entry.body { sync.unchanged += 1; continue }
            entry.validFrom = stamp
            entry.openedBy = commit
            try insert.execute([.text(entry.section.rawValue), .text(entry.key), .text(entry.feature), .text(entry.subject),
                                SQLValue(entry.platform), .text(entry.body.canonicalString), .text(stamp), SQLValue(commit)])
            sync.opened.append(entry)
        }
        return sync
    }

    /// Every version ever recorded, oldest first.
    ///
    /// ```swift
    /// try corpus.ledgerHistory().filter { $0.subject == "photo-carousel" }
    /// ```
    public func ledgerHistory() throws -> [LedgerEntryVersion] { try ledgerVersions(currentOnly: false) }

    /// The versions of one waived kind (`--kind`) or one island (`--island`), oldest first.
    public func ledgerHistory(kind: String? = nil, island: String? = nil) throws -> [LedgerEntryVersion] {
        try ledgerHistory().filter { entry in
            (kind == nil || (entry.section == .waiver && entry.subject == kind)) && (island == nil || (entry.section == .island && entry.subject == island))
        }
    }

    /// The entries as of the last sync.
    public func currentLedger() throws -> [LedgerEntryVersion] { try ledgerVersions(currentOnly: true) }

    private func ledgerVersions(currentOnly: Bool) throws -> [LedgerEntryVersion] {
        try database.cachedStatement("""
            SELECT section, entry_key, feature, subject, platform, body, valid_from, valid_to, opened_by, closed_by FROM ledger_entries
            WHERE ?1 = 0 OR valid_to IS NULL ORDER BY valid_from, section, entry_key, id
            """).rows([.integer(currentOnly ? 1 : 0)]).map { row in
            LedgerEntryVersion(section: LedgerEntryVersion.Section(rawValue: row[0].text ?? "") ?? .waiver, key: row[1].text ?? "",
                               feature: row[2].text ?? "", subject: row[3].text ?? "", platform: row[4].text,
                               body: (try? CanonicalJSON.parse(row[5].text ?? "{}")) ?? .object(JSONObject()),
                               validFrom: row[6].text ?? "", validTo: row[7].text, openedBy: row[8].text, closedBy: row[9].text)
        }
    }
}

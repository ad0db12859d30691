import Duet
import DuetFixtures

extension Corpus {
    /// Keeps recordings for review, replacing earlier pending ones of the same name.
    ///
    /// ```swift
    /// try corpus.keepPending([PendingRecording(fixture: recorded, reason: .changed, recordedAt: now)])
    /// try corpus.acceptPending(names: ["tally"], in: tree)   // the fixture is written, the pending entry gone
    /// ```
    public func keepPending(_ recordings: [PendingRecording]) throws {
        try write {
            let insert = try database.cachedStatement("""
                INSERT OR REPLACE INTO pending_recordings (name, reason, feature, recorded_at, document, step, path, expected, actual)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for recording in recordings {
                try insert.execute([.text(recording.name), .text(recording.reason.rawValue), SQLValue(recording.fixture.feature),
                                    .text(recording.recordedAt), .blob(recording.fixture.document.canonicalBytes),
                                    SQLValue(recording.step), SQLValue(recording.path), SQLValue(recording.expected),
                                    SQLValue(recording.actual)])
            }
        }
    }

    /// Every pending recording, by name.
    public func pendingRecordings() throws -> [PendingRecording] {
        try pending(where: "1 = 1", [])
    }

    public func pendingRecording(named name: String) throws -> PendingRecording? {
        try pending(where: "name = ?", [.text(name)]).first
    }

    /// Drops the named pending recordings (all when `names` is nil); the fixtures stay as they are.
    @discardableResult
    public func rejectPending(names: [String]?) throws -> [String] {
        try write {
            let chosen = try selectPending(names).map(\.name)
            try dropPending(chosen)
            return chosen
        }
    }

    /// Forgets pending entries for fixtures that were just written directly.
    public func clearPending(names: [String]) throws {
        try write { try dropPending(names) }
    }

    // MARK: - Private

    func selectPending(_ names: [String]?) throws -> [PendingRecording] {
        let all = try pendingRecordings()
        guard let names else { return all }
        let missing = names.filter { name in !all.contains { $0.name == name } }
        if !missing.isEmpty { throw PendingNotFound(names: missing) }
        return all.filter { names.contains($0.name) }
    }

    func dropPending(_ names: [String]) throws {
        let delete = try database.cachedStatement("DELETE FROM pending_recordings WHERE name = ?")
        for name in names { try delete.execute([.text(name)]) }
    }

    private func pending(where condition: String, _ values: [SQLValue]) throws -> [PendingRecording] {
        try database.rows("""
            SELECT name, reason, recorded_at, document, step, path, expected, actual
            FROM pending_recordings WHERE \(condition) ORDER BY name
            """, values).map { row in
            let name = row[0].text ?? ""
            let document = try CanonicalJSON.parse(row[3].blob ?? [])
            return PendingRecording(fixture: try Fixture(name: name, document: document),
                                    reason: PendingRecording.Reason(rawValue: row[1].text ?? "") ?? .changed,
                                    recordedAt: row[2].text ?? "", step: row[4].integer.map { Int($0) },
                                    path: row[5].text, expected: row[6].text, actual: row[7].text)
        }
    }
}

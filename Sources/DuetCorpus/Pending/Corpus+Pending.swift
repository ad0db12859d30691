import Foundation
import Duet
import DuetFixtures

/// Pending recordings: files under `parity/.pending/` (`PendingFiles`), indexed in `pending_recordings`.
/// Every write changes the files and the index in one transaction; the tree sync repairs what a
/// kill leaves between them.
///
/// ```swift
/// // A producer (record, explore) compares a recording with the stored fixture, then:
/// let base = try corpus.pendingBase(forFixture: recorded.name)
/// try corpus.writePending(PendingRecording(fixture: recorded, reason: .changed, recordedAt: now, base: base), in: tree)
/// try corpus.acceptPending(names: ["tally"], in: tree)   // the fixture is written, the pending files gone
/// ```
extension Corpus {
    // MARK: - Writing

    /// The fixture file of record a recording of `name` is compared against, as the last sync saw
    /// it (the bytes the stored fixture was read from). Read it when you read the stored fixture.
    public func pendingBase(forFixture name: String) throws -> PendingRecording.Base {
        if let tracked = try trackedFiles(kind: .fixture, name: name).first { return .file(tracked.hash) }
        if let stored = try fixtures(name: name).first { return .file(ContentHash(of: stored.document.prettyBytes)) }
        return .absent
    }

    /// Writes one pending recording — `parity/.pending/NAME.fixture.json`, its sidecar and its index
    /// row — replacing an earlier one of the same name. This is the call another producer makes.
    public func writePending(_ recording: PendingRecording, in tree: RecordTree) throws {
        try writePending([recording], in: tree)
    }

    /// Writes pending recordings, in one transaction.
    public func writePending(_ recordings: [PendingRecording], in tree: RecordTree) throws {
        try write {
            try adopt(tree)
            for recording in recordings {
                _ = try fileNameOfPending(recording.name)
                let files = PendingFiles(tree: tree, name: recording.name)
                try files.write(recording)
                try storePendingRow(recording, files: files)
            }
        }
    }

    // MARK: - Reading

    /// Every pending recording, by name.
    public func pendingRecordings() throws -> [PendingRecording] {
        try pending(where: "1 = 1", [])
    }

    public func pendingRecording(named name: String) throws -> PendingRecording? {
        try pending(where: "name = ?", [.text(name)]).first
    }

    // MARK: - Reviewing

    /// Drops the named pending recordings (all when `names` is nil) — files and index; the fixtures
    /// of record stay as they are.
    @discardableResult
    public func rejectPending(names: [String]?, in tree: RecordTree) throws -> [String] {
        try write {
            let chosen = try selectPending(names).map(\.name)
            try dropPending(chosen, in: tree)
            return chosen
        }
    }

    /// Forgets pending recordings of fixtures a newer recording superseded (written, or found
    /// unchanged); returns the names that were pending.
    @discardableResult
    public func clearPending(names: [String], in tree: RecordTree) throws -> [String] {
        try write {
            let pending = Set(try pendingRecordings().map(\.name))
            let cleared = names.filter(pending.contains)
            try dropPending(cleared, in: tree)
            return cleared
        }
    }

    /// Writes the named pending recordings (all when `names` is nil) as fixtures of record — files
    /// and corpus — and drops them from review, in one transaction. Refused, accepting nothing, when
    /// a fixture file is not the one a recording was compared against (edited, created or removed
    /// since), or when a recording's files say nothing of it.
    @discardableResult
    public func acceptPending(names: [String]?, in tree: RecordTree) throws -> [String] {
        try write {
            let chosen = try selectPending(names)
            var problems: [PendingAcceptRefused.Problem] = []
            var accepted: [Fixture] = []
            for recording in chosen {
                switch try PendingAcceptance.check(recording.name, in: tree, corpus: self) {
                case .success(let fixture): accepted.append(fixture)
                case .failure(let problem): problems.append(problem)
                }
            }
            if !problems.isEmpty { throw PendingAcceptRefused(problems: problems) }
            try recordFixtures(accepted, in: tree)
            try dropPending(accepted.map(\.name), in: tree)
            return accepted.map(\.name)
        }
    }

    /// Why accepting the named pending recording would be refused now; nil when it would not.
    public func pendingAcceptProblem(named name: String, in tree: RecordTree) throws -> String? {
        if case .failure(let problem) = try PendingAcceptance.check(name, in: tree, corpus: self) { return problem.message }
        return nil
    }

    // MARK: - Internal

    func selectPending(_ names: [String]?) throws -> [PendingRecording] {
        let all = try pendingRecordings()
        guard let names else { return all }
        let missing = names.filter { name in !all.contains { $0.name == name } }
        if !missing.isEmpty { throw PendingNotFound(names: missing) }
        return all.filter { names.contains($0.name) }
    }

    func dropPending(_ names: [String], in tree: RecordTree) throws {
        let delete = try database.cachedStatement("DELETE FROM pending_recordings WHERE name = ?")
        for name in names {
            try PendingFiles(tree: tree, name: name).remove()
            try delete.execute([.text(name)])
        }
    }

    /// The index row of a recording whose files were just written (their stamps) or read.
    func storePendingRow(_ recording: PendingRecording, files: PendingFiles) throws {
        let recordingStamp = FileStamp.of(files.recording), sidecarStamp = FileStamp.of(files.sidecar)
        let racy = [recordingStamp, sidecarStamp].contains { $0?.isRacy() ?? false }
        try storePendingRow(recording, recordingStamp: recordingStamp.map(PendingStamp.text), sidecarStamp: sidecarStamp.map(PendingStamp.text),
                            racy: racy)
    }

    func storePendingRow(_ recording: PendingRecording, recordingStamp: String?, sidecarStamp: String?, racy: Bool) throws {
        let (base, baseHash): (String, SQLValue) = switch recording.base {
        case .absent: ("absent", .null)
        case .file(let hash): ("file", .blob(hash.bytes))
        case .unknown: ("unknown", .null)
        }
        let answers: SQLValue = recording.answers.isEmpty ? .null : .blob(JSONValue.array(recording.answers.map { answer in
            var object = JSONObject()
            object["platform"] = .string(answer.platform)
            object["document"] = answer.fixture.document
            object["note"] = answer.note.map(JSONValue.string)
            return .object(object)
        }).canonicalBytes)
        try database.cachedStatement("""
            INSERT OR REPLACE INTO pending_recordings (name, reason, producer, feature, recorded_at, document, step, path, expected, actual,
                                                       base, base_hash, answers, recording_stamp, sidecar_stamp, racy)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute([.text(recording.name), .text(recording.reason.rawValue), .text(recording.producer), SQLValue(recording.fixture.feature),
                          .text(recording.recordedAt), .blob(recording.fixture.document.canonicalBytes),
                          SQLValue(recording.step), SQLValue(recording.path), SQLValue(recording.expected), SQLValue(recording.actual),
                          .text(base), baseHash, answers, SQLValue(recordingStamp), SQLValue(sidecarStamp), .integer(racy ? 1 : 0)])
    }

    func fileNameOfPending(_ name: String) throws -> String {
        do { return try Fixture.fileName(for: name) } catch {
            throw InputError(file: RecordTree.pendingFolder, message: error.description)
        }
    }

    private func pending(where condition: String, _ values: [SQLValue]) throws -> [PendingRecording] {
        try database.rows("""
            SELECT name, reason, recorded_at, document, step, path, expected, actual, producer, base, base_hash, answers
            FROM pending_recordings WHERE \(condition) ORDER BY name
            """, values).map { row in
            let name = row[0].text ?? ""
            let fixture = try Fixture(name: name, document: try CanonicalJSON.parse(row[3].blob ?? []))
            let base: PendingRecording.Base = switch row[9].text {
            case "absent": .absent
            case "file": row[10].blob.flatMap(ContentHash.init(bytes:)).map(PendingRecording.Base.file) ?? .unknown
            default: .unknown
            }
            let answers = try (row[11].blob.map { try CanonicalJSON.parse($0).arrayValue ?? [] } ?? []).map { answer in
                PendingRecording.Answer(platform: answer["platform"]?.stringValue ?? "",
                                        fixture: try Fixture(name: name, document: answer["document"] ?? .object(JSONObject())),
                                        note: answer["note"]?.stringValue)
            }
            return PendingRecording(fixture: fixture, reason: PendingRecording.Reason(rawValue: row[1].text ?? "") ?? .changed,
                                    recordedAt: row[2].text ?? "", producer: row[8].text ?? "record", base: base,
                                    step: row[4].integer.map { Int($0) }, path: row[5].text, expected: row[6].text, actual: row[7].text,
                                    answers: answers)
        }
    }
}

/// A file stamp as the pending index keeps it.
enum PendingStamp {
    static func text(_ stamp: FileStamp) -> String { "\(stamp.size):\(stamp.modifiedNanoseconds):\(stamp.inode)" }
}

/// Whether a pending recording may become the fixture of record now: its files are the pair the
/// sidecar describes, and the fixture file is still the one it was compared against.
enum PendingAcceptance {
    static func check(_ name: String, in tree: RecordTree, corpus: Corpus) throws -> Result<Fixture, PendingAcceptRefused.Problem> {
        let files = PendingFiles(tree: tree, name: name)
        func refuse(_ message: String) -> Result<Fixture, PendingAcceptRefused.Problem> {
            .failure(PendingAcceptRefused.Problem(name: name, message: message))
        }
        let again = "run `duet record` again"
        guard let bytes = FileManager.default.contents(atPath: files.recording).map(Array.init) else {
            return refuse("\(files.relativeRecording) is gone — \(again)")
        }
        let fixture: Fixture
        do { fixture = try Fixture(name: name, document: try CanonicalJSON.parse(bytes)) } catch {
            return refuse("\(files.relativeRecording) cannot be read (\(error)) — \(again)")
        }
        let target = try corpus.filePath(kind: .fixture, name: name, tree: tree)
        let shown = tree.relative(target)
        let onDisk = FileManager.default.contents(atPath: target).map(Array.init)
        // Already the fixture of record (an accept a kill cut short): accepting again changes nothing.
        if onDisk == bytes { return .success(fixture) }
        let recording: PendingRecording
        do {
            guard let sidecar = FileManager.default.contents(atPath: files.sidecar).map(Array.init) else {
                return refuse("\(files.relativeRecording) has no sidecar (\(files.relativeSidecar)), so what it was compared against is unknown — \(again)")
            }
            recording = try PendingSidecar.decode(sidecar, file: files.relativeSidecar).recording(fixture, describing: bytes)
        } catch {
            return refuse("\(error) — \(again)")
        }
        let current = onDisk.map { ContentHash(of: $0) }
        switch (recording.base, current) {
        case (.unknown, _):
            return refuse("\(files.relativeRecording) does not say which \(shown) it was compared against (its sidecar describes other bytes, or predates pending files) — \(again)")
        case (.absent, nil): return .success(fixture)
        case (.absent, _?): return refuse("\(shown) was created since this recording — \(again)")
        case (.file, nil): return refuse("\(shown) was removed since this recording — \(again)")
        case (.file(let base), let now?):
            return base == now ? .success(fixture) : refuse("\(shown) changed since this recording — \(again)")
        }
    }
}

import DuetFixtures
import Foundation
import Duet

/// What the tree sync has to do for `parity/.pending/`, worked out from a listing and a `stat` per
/// file before anything is read: recordings new or changed since the last sync are read, rows whose
/// recording is gone are dropped, sidecars without a recording are removed, and rows only the
/// corpus holds (from before pending recordings were files) are written out.
struct PendingSyncPlan {
    var toRead: [String] = []
    /// Every recording in the folder (read or not).
    var listed: [String] = []
    var gone: [String] = []
    var orphanSidecars: [String] = []
    var onlyInCorpus: [String] = []

    var isEmpty: Bool { toRead.isEmpty && gone.isEmpty && orphanSidecars.isEmpty && onlyInCorpus.isEmpty }

    init(corpus: Corpus, tree: RecordTree, folder: TreeFolder, rootChanged: Bool) throws {
        let recordings = folder.files(endingIn: PendingFiles.recordingSuffix).map(\.name)
        let sidecars = folder.files(endingIn: PendingFiles.sidecarSuffix).map(\.name)
        var known: [String: (recording: String?, sidecar: String?, racy: Bool)] = [:]
        for row in try corpus.database.rows("SELECT name, recording_stamp, sidecar_stamp, racy FROM pending_recordings") {
            known[row[0].text ?? ""] = (row[1].text, row[2].text, row[3].integer == 1)
        }
        self.listed = recordings
        let listed = Set(recordings)
        for name in recordings {
            let files = PendingFiles(tree: tree, name: name)
            let stamps = (FileStamp.of(files.recording).map(PendingStamp.text), FileStamp.of(files.sidecar).map(PendingStamp.text))
            if !rootChanged, let row = known[name], !row.racy, row.recording == stamps.0, row.sidecar == stamps.1 { continue }
            toRead.append(name)
        }
        orphanSidecars = sidecars.filter { !listed.contains($0) }
        for (name, row) in known.sorted(by: { CanonicalOrder.precedes($0.key, $1.key) }) where !listed.contains(name) {
            if row.recording == nil { onlyInCorpus.append(name) } else { gone.append(name) }
        }
    }
}

extension Corpus {
    /// Brings the pending index in step with `parity/.pending/`, inside the sync's transaction. A
    /// pending file that cannot be read is left out of the index and reported; it never stops the sync.
    func syncPending(_ plan: PendingSyncPlan, tree: RecordTree, summary: inout TreeSyncSummary) throws {
        let delete = try database.cachedStatement("DELETE FROM pending_recordings WHERE name = ?")
        for name in plan.gone {
            try delete.execute([.text(name)])
            summary.pendingRemoved.append(name)
        }
        // Looked again inside the transaction: a writer (which holds the same lock) may have completed the pair since the plan.
        for name in plan.orphanSidecars {
            let files = PendingFiles(tree: tree, name: name)
            if !FileManager.default.fileExists(atPath: files.recording) { try AtomicFile.remove(files.sidecar) }
        }
        for name in plan.onlyInCorpus {
            guard let recording = try pendingRecording(named: name) else { continue }
            let files = PendingFiles(tree: tree, name: name)
            try files.write(recording)
            try storePendingRow(recording, files: files)
            summary.pendingExported.append(name)
        }
        // A fixture file the sync just imported may now hold a recording's bytes (an accept a kill
        // cut short): read those recordings again too, so a moot one is dropped.
        let imported = Set(summary.imported)
        let reread = plan.listed.filter { imported.contains($0) && !plan.toRead.contains($0) }
        for name in plan.toRead + reread {
            let files = PendingFiles(tree: tree, name: name)
            switch read(files, tree: tree) {
            case .failure(let problem):
                try delete.execute([.text(name)])
                summary.pendingProblems.append(problem.description)
            case .success(nil):
                // The fixture of record already holds these bytes (accepted, and a kill kept the files).
                try files.remove()
                try delete.execute([.text(name)])
                summary.pendingRemoved.append(name)
            case .success(let recording?):
                let unchanged = try pendingRecording(named: name) == recording
                try storePendingRow(recording, files: files)
                // A stamp taken too soon after a write is checked again: only news is reported.
                if !unchanged { summary.pendingIndexed.append(name) }
            }
        }
    }

    /// The recording in `files`; nil when the fixture of record is byte-identical to it.
    private func read(_ files: PendingFiles, tree: RecordTree) -> Result<PendingRecording?, InputError> {
        do {
            guard let data = FileManager.default.contents(atPath: files.recording) else {
                throw InputError(file: files.relativeRecording, message: "cannot read the pending recording", fix: "make it readable, or delete it")
            }
            let bytes = Array(data)
            let fixture: Fixture
            do { fixture = try Fixture(name: files.name, document: try CanonicalJSON.parse(bytes)) } catch let error as DialectError {
                throw InputError(file: files.relativeRecording, error, fix: "delete it and run `duet record` again")
            } catch {
                throw InputError(file: files.relativeRecording, message: "\(error)", fix: "delete it and run `duet record` again")
            }
            let target = try filePath(kind: .fixture, name: files.name, tree: tree)
            if let current = FileManager.default.contents(atPath: target), Array(current) == bytes { return .success(nil) }
            if let sidecar = FileManager.default.contents(atPath: files.sidecar) {
                return .success(try PendingSidecar.decode(Array(sidecar), file: files.relativeSidecar).recording(fixture, describing: bytes))
            }
            let reason: PendingRecording.Reason = FileManager.default.fileExists(atPath: target) ? .changed : .new
            return .success(PendingRecording(fixture: fixture, reason: reason, recordedAt: "", base: .unknown))
        } catch let error as InputError {
            return .failure(error)
        } catch {
            return .failure(InputError(file: files.relativeRecording, message: "\(error)", fix: "delete it and run `duet record` again"))
        }
    }
}

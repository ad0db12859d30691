import DuetFixtures
import Foundation
import Duet

/// How a pending recording lies on disk, under `parity/.pending/`:
///
/// - `NAME.fixture.json` — the recording, byte for byte what accepting writes to the fixture of
///   record, so `diff parity/fixtures/NAME.fixture.json parity/.pending/NAME.fixture.json` (or an
///   editor's compare) shows exactly what accepting changes;
/// - `NAME.pending.json` — its sidecar: what produced it, why, the content hash of the fixture file
///   it was compared against (`base`), the hash of the recording it describes, where it first
///   differs, and each platform's answer when platforms were compared.
///
/// The base hash lives in the sidecar, never in the recording, so nothing of it can reach a fixture
/// of record. The sidecar is written first and removed last: a kill leaves at worst a sidecar
/// without its recording, which the next sync removes. A recording whose sidecar is missing or
/// describes other bytes has an unknown base and is never accepted.
///
/// ```swift
/// let files = PendingFiles(tree: tree, name: "counter.settings")
/// files.recording   // "/repo/parity/.pending/counter.settings.fixture.json"
/// ```
struct PendingFiles {
    static let recordingSuffix = ".fixture.json"
    static let sidecarSuffix = ".pending.json"

    var tree: RecordTree
    var name: String

    var recording: String { tree.pendingDirectory + "/" + name + Self.recordingSuffix }
    var sidecar: String { tree.pendingDirectory + "/" + name + Self.sidecarSuffix }
    var relativeRecording: String { RecordTree.pendingFolder + "/" + name + Self.recordingSuffix }
    var relativeSidecar: String { RecordTree.pendingFolder + "/" + name + Self.sidecarSuffix }

    /// The folder as the sync reads it: recordings and sidecars with their stamps (none when it does not exist).
    static func folder(_ tree: RecordTree) throws -> TreeFolder {
        try TreeFolder(tree.pendingDirectory, shown: RecordTree.pendingFolder, suffixes: [recordingSuffix, sidecarSuffix])
    }

    /// Written into the folder so git ignores it even in a tree whose `.gitignore` predates it.
    static let ignoreFile = ".gitignore"
    static let ignoreContents = Array("# duet: recordings waiting for review (`duet pending`); never committed\n*\n".utf8)

    /// Writes both files: the sidecar first, so a kill never leaves a recording without one.
    func write(_ recording: PendingRecording) throws {
        let ignore = tree.pendingDirectory + "/" + Self.ignoreFile
        if !FileManager.default.fileExists(atPath: ignore) { try AtomicFile.write(Self.ignoreContents, to: ignore) }
        let bytes = recording.fixture.document.prettyBytes
        if FileManager.default.fileExists(atPath: self.recording) { try AtomicFile.remove(self.recording) }
        try AtomicFile.write(PendingSidecar(recording, recordingHash: ContentHash(of: bytes), tree: tree).prettyBytes, to: sidecar)
        try AtomicFile.write(bytes, to: self.recording)
    }

    /// Removes both files: the recording first.
    func remove() throws {
        try AtomicFile.remove(recording)
        try AtomicFile.remove(sidecar)
    }
}

/// The sidecar `NAME.pending.json`, in the pinned pretty form.
struct PendingSidecar: Codable, Equatable {
    static let formatName = "duet-pending"

    struct Base: Codable, Equatable {
        /// The fixture file of record, relative to the tree.
        var file: String
        /// Its content hash then (hex); nil when no such file existed.
        var hash: String?
    }

    struct FirstDifference: Codable, Equatable {
        var step: Int?
        var path: String?
        var stored: String?
        var recorded: String?
    }

    struct Answer: Codable, Equatable {
        var platform: String
        var document: JSONValue
        var note: String?
    }

    var format: String
    var formatVersion: Int
    var producer: String
    var reason: String
    var recordedAt: String
    /// The content hash (hex) of the `NAME.fixture.json` this sidecar describes.
    var recording: String
    /// nil when unknown.
    var base: Base?
    var firstDifference: FirstDifference?
    var answers: [Answer]?

    init(_ recording: PendingRecording, recordingHash: ContentHash, tree: RecordTree) {
        format = Self.formatName
        formatVersion = 1
        producer = recording.producer
        reason = recording.reason.rawValue
        recordedAt = recording.recordedAt
        self.recording = recordingHash.hex
        let file = RecordTree.fixturesFolder + "/" + ((try? Fixture.fileName(for: recording.name)) ?? recording.name)
        switch recording.base {
        case .absent: base = Base(file: file, hash: nil)
        case .file(let hash): base = Base(file: file, hash: hash.hex)
        case .unknown: base = nil
        }
        let differs = recording.step != nil || recording.path != nil || recording.expected != nil || recording.actual != nil
        firstDifference = differs ? FirstDifference(step: recording.step, path: recording.path, stored: recording.expected,
                                                    recorded: recording.actual) : nil
        answers = recording.answers.isEmpty ? nil : recording.answers.map {
            Answer(platform: $0.platform, document: $0.fixture.document, note: $0.note)
        }
    }

    var prettyBytes: [UInt8] { (try? CanonicalEncoder().encode(self))?.prettyBytes ?? [] }

    static func decode(_ bytes: [UInt8], file: String) throws -> PendingSidecar {
        let fix = "delete it and run `duet record` again"
        let tree: JSONValue
        do { tree = try CanonicalJSON.parse(bytes) } catch { throw InputError(file: file, error, fix: fix) }
        if tree["format"]?.stringValue != formatName {
            throw PlacedDecoding.error(at: "format", in: bytes, file: file, message: "not a duet pending sidecar (format is not \"\(formatName)\")", fix: fix)
        }
        return try PlacedDecoding.decode(PendingSidecar.self, from: tree, bytes: bytes, file: file, fix: fix)
    }

    /// The recording the sidecar describes, as a value: `fixture` is the recording file's.
    func recording(_ fixture: Fixture, describing bytes: [UInt8]) throws -> PendingRecording {
        let matches = ContentHash(of: bytes).hex == recording
        let known: PendingRecording.Base
        switch (base, base?.hash) {
        case (nil, _): known = .unknown
        case (_?, nil): known = .absent
        case (_?, let hex?): known = ContentHash(hex: hex).map(PendingRecording.Base.file) ?? .unknown
        }
        let answers = try (self.answers ?? []).map { answer in
            PendingRecording.Answer(platform: answer.platform, fixture: try Fixture(name: fixture.name, document: answer.document), note: answer.note)
        }
        return PendingRecording(fixture: fixture, reason: PendingRecording.Reason(rawValue: reason) ?? .changed, recordedAt: recordedAt,
                                producer: producer, base: matches ? known : .unknown, step: firstDifference?.step,
                                path: firstDifference?.path, expected: firstDifference?.stored, actual: firstDifference?.recorded,
                                answers: answers)
    }
}

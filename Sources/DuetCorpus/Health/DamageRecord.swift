import Foundation
import Duet

/// A note beside a corpus file (`corpus.db-damage`) that damage was met in it, so that later
/// writers refuse the file even when the pages they touch are intact: one `stat` per write
/// transaction, instead of reading the whole file first. The note names the file by inode, so a
/// file rebuilt in its place (`duet corpus load`, or deleted and re-imported) is not refused;
/// `duet corpus check` clears it when the file holds.
///
/// ```swift
/// DamageRecord.adopt("corpus.db")      // a file known to be a corpus (`CorpusFile.confirm`, or made new)
/// DamageRecord.note("page 40 does not match its checksum", file: "corpus.db")
/// DamageRecord.recorded(for: "corpus.db")   // "page 40 does not match its checksum"
/// DamageRecord.clear(for: "corpus.db")
/// ```
enum DamageRecord {
    static func path(for file: String) -> String { file + "-damage" }

    /// Files known to be corpora in this process, by absolute path: only those get a note, so a file
    /// that is not a corpus (`CorpusFile`) is never given one.
    private static let corpora = Locked(Set<String>())

    static func adopt(_ file: String) {
        let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
        corpora.withLock { _ = $0.insert(absolute) }
    }

    /// Records `message` for `file` (best effort: a note that cannot be written only loses the refusal).
    static func note(_ message: String, file: String) {
        guard file != ":memory:", !file.isEmpty,
              corpora.withLock({ $0.contains(URL(fileURLWithPath: file).standardizedFileURL.path) }),
              let inode = inode(of: file) else { return }
        let text = "\(inode)\n\(message)\n"
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path(for: file)), options: .atomic)
    }

    /// The recorded damage of `file`, if any; a note about a file no longer there is removed.
    static func recorded(for file: String) -> String? {
        guard file != ":memory:", let data = FileManager.default.contents(atPath: path(for: file)) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", maxSplits: 1).map(String.init)
        guard let noted = lines.first.flatMap({ UInt64($0) }), noted == inode(of: file) else {
            clear(for: file)
            return nil
        }
        return lines.count > 1 ? lines[1].trimmingCharacters(in: .newlines) : "damage was found in it"
    }

    static func clear(for file: String) {
        try? FileManager.default.removeItem(atPath: path(for: file))
    }

    private static func inode(of file: String) -> UInt64? {
        var info = stat()
        guard stat(file, &info) == 0 else { return nil }
        return UInt64(info.st_ino)
    }
}

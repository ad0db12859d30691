import Foundation

/// The temporary file a write of `NAME` goes through: `.NAME.duet-PID-N.tmp` beside it. It carries
/// the writer's process id, so a file left by a killed writer can be told from one still being written.
///
/// ```swift
/// TemporaryFileName.beside("/repo/parity/fixtures/a.fixture.json")   // ".../.a.fixture.json.duet-4242-17.tmp"
/// TemporaryFileName.writer(of: ".a.fixture.json.duet-4242-17.tmp")     // 4242
/// ```
enum TemporaryFileName {
    static func beside(_ path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        return (folder.isEmpty ? "" : folder + "/") + "." + name + ".duet-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    private static let marker = Array(".duet-".utf8)
    private static let suffix = Array(".tmp".utf8)

    /// The process id a temporary file name carries; nil for any other name.
    static func writer(of name: some Collection<UInt8>) -> Int32? {
        let bytes = Array(name)
        guard bytes.first == UInt8(ascii: "."), bytes.count > marker.count + suffix.count + 4,
              bytes.suffix(suffix.count).elementsEqual(suffix) else { return nil }
        let body = bytes.dropLast(suffix.count)
        // The last ".duet-" is ours: a fixture name may itself hold one.
        guard let start = (0...(body.count - marker.count)).reversed().first(where: { body[$0..<$0 + marker.count].elementsEqual(marker) }),
              start > 1 else { return nil }
        let numbers = body[(start + marker.count)...].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard numbers.count == 2, numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy { (48...57).contains($0) } }),
              let pid = Int32(String(decoding: numbers[0], as: UTF8.self)), pid > 0 else { return nil }
        return pid
    }

    static func writer(of name: String) -> Int32? { writer(of: Array(name.utf8)) }
}

/// Removes the temporary files (and the temporary folders a batch stages a new folder in:
/// `TreeWriteBatch`) a killed `duet` left in the tree's folders (`TemporaryFileName`): one whose
/// process is gone goes, one whose process still runs stays. Every verb's sync sweeps the folders it
/// lists and `parity/` itself, so a kill leaves nothing `git add parity` would pick up once the next verb ran.
///
/// ```swift
/// TemporaryFileSweep.sweep(names, in: "/repo/parity/fixtures")   // the names removed
/// ```
enum TemporaryFileSweep {
    /// Removes those of `names` (entries of `folder`) that are temporary files of a process that
    /// is gone; returns the names removed.
    @discardableResult
    static func sweep(_ names: [String], in folder: String) -> [String] {
        names.filter { name in
            guard let pid = TemporaryFileName.writer(of: name), !isRunning(pid) else { return false }
            let path = folder + "/" + name
            if unlink(path) == 0 { return true }
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
            return (try? FileManager.default.removeItem(atPath: path)) != nil
        }
    }

    /// Every temporary file of a gone process directly in `folder`; none when it cannot be listed.
    @discardableResult
    static func sweep(folder: String) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return sweep(entries.filter { TemporaryFileName.writer(of: $0) != nil }, in: folder)
    }

    /// True while process `pid` exists (another user's process counts as running).
    static func isRunning(_ pid: Int32) -> Bool {
        if pid == getpid() { return true }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}

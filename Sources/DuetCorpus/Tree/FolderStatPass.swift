import Foundation
import Duet

/// The files one `readdir` of a folder of record listed, kept as their name bytes, then `stat`ed
/// relative to the open folder. On this kind of machine a `stat` is most of an unchanged tree's
/// sync (a path lookup per call, ~3 µs in a VM), so a long listing is split across the cores, each
/// part hashing its paths and summing its own `TreeDigest` (order-free, so the parts add up).
///
/// ```swift
/// var listing = FolderStatPass()
/// listing.append(nameBytes, stemLength: 3)          // "abc.fixture.json"
/// let (files, digest) = listing.stat(in: dirfd(stream), prefix: Array("parity/fixtures/".utf8), now: now)
/// files[0]?.stamp                                     // nil when it is gone or no longer a regular file
/// ```
struct FolderStatPass {
    /// What a `stat` found of one listed file, and the keys of its path and fixture name.
    struct Stated {
        var stamp: FileStamp
        /// `ContentHash` of the path relative to the tree root.
        var key: ContentHash
        /// `ContentHash` of the first `stemLength` bytes of the file name.
        var nameKey: ContentHash
    }

    /// The names, each followed by a NUL (`fstatat` takes them in place).
    private var bytes: [UInt8] = []
    private var starts: [Int] = []
    private var stems: [Int] = []

    var count: Int { starts.count }

    init() { bytes.reserveCapacity(64 * 1024) }

    mutating func append(_ name: UnsafeRawBufferPointer, stemLength: Int) {
        starts.append(bytes.count)
        stems.append(stemLength)
        bytes.append(contentsOf: name)
        bytes.append(0)
    }

    /// The `index`th name's bytes (without its NUL) and its stem length, valid during `body`.
    func withName<R>(_ index: Int, _ body: (UnsafeRawBufferPointer, Int) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { all in
            let start = starts[index]
            let end = index + 1 < starts.count ? starts[index + 1] - 1 : all.count - 1
            return try body(UnsafeRawBufferPointer(rebasing: all[start..<end]), stems[index])
        }
    }

    /// Below this many files per part a second thread costs more than it saves.
    static let filesPerPart = 2_048
    private static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// How many parts `count` files are stat'ed in: one per core, each of at least `filesPerPart`.
    static func parts(for count: Int, cores: Int = FolderStatPass.cores) -> Int {
        max(1, min(cores, 8, count / filesPerPart))
    }

    /// `stat`s every listed name in the open folder `descriptor`: per name what was found (nil when
    /// it is gone or not a regular file) and the digest of those found, as `kind`-1 files under `prefix`.
    func stat(in descriptor: Int32, prefix: [UInt8], now: Int64, parts: Int? = nil) -> (files: [Stated?], digest: TreeDigest) {
        let count = self.count
        let parts = max(1, min(parts ?? Self.parts(for: count), max(count, 1)))
        var files = [Stated?](repeating: nil, count: count)
        var digests = [TreeDigest](repeating: TreeDigest(), count: parts)
        let starts = self.starts, stems = self.stems
        bytes.withUnsafeBytes { names in
            files.withUnsafeMutableBufferPointer { out in
                digests.withUnsafeMutableBufferPointer { partial in
                    let shared = Parts(names: names, files: out, digests: partial)
                    let part = { @Sendable (part: Int) in
                        var path = prefix
                        path.reserveCapacity(prefix.count + 256)
                        var digest = TreeDigest()
                        var info = Foundation.stat()
                        for index in (count * part / parts)..<(count * (part + 1) / parts) {
                            let start = starts[index]
                            let end = index + 1 < count ? starts[index + 1] - 1 : shared.names.count - 1
                            let name = UnsafeRawBufferPointer(rebasing: shared.names[start..<end])
                            guard fstatat(descriptor, (shared.names.baseAddress! + start).assumingMemoryBound(to: CChar.self), &info,
                                          AT_SYMLINK_NOFOLLOW) == 0,
                                  let stamp = FileStamp(info) else { continue }
                            path.removeSubrange(prefix.count...)
                            path.append(contentsOf: name)
                            let key = path.withUnsafeBytes { ContentHash(of: $0) }
                            digest.add(path: key, stamp: stamp, kind: 1, now: now)
                            let nameKey = ContentHash(of: UnsafeRawBufferPointer(rebasing: name.prefix(stems[index])))
                            shared.files[index] = Stated(stamp: stamp, key: key, nameKey: nameKey)
                        }
                        shared.digests[part] = digest
                    }
                    if parts == 1 { part(0) } else { DispatchQueue.concurrentPerform(iterations: parts, execute: part) }
                }
            }
        }
        var digest = TreeDigest()
        for partial in digests { digest.add(partial) }
        return (files, digest)
    }

    /// The buffers the parts share. Safe to send because the names are only read while the pass
    /// runs, and part `p` writes only `digests[p]` and the `files` slots of its own index range.
    private struct Parts: @unchecked Sendable {
        let names: UnsafeRawBufferPointer
        let files: UnsafeMutableBufferPointer<Stated?>
        let digests: UnsafeMutableBufferPointer<TreeDigest>
    }
}

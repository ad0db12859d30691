/// A fingerprint of every file of record as one scan saw it — path, size, mtime, inode — so that a
/// sync can tell "the tree is exactly as the last sync left it" from one directory listing and one
/// `stat` per file, without reading what the corpus remembers of each file. Order-free (a sum of
/// per-file mixes), so the order a folder lists its entries in does not matter.
///
/// ```swift
/// var digest = TreeDigest()
/// digest.add(path: ContentHash(of: Array("parity/fixtures/a.fixture.json".utf8)), stamp: stamp, kind: 1)
/// digest.text(root: "/repo")    // what corpus_meta 'tree.digest' holds after a sync
/// ```
///
/// The corpus keeps the digest of the last sync that left it in step with the tree, and only while
/// nothing else wrote what the sync indexes (`Corpus.write` drops it), and only when no file was
/// changed so recently that its mtime cannot prove the next change (`FileStamp.isRacy`).
struct TreeDigest: Equatable {
    private var sum1: UInt64 = 0
    private var sum2: UInt64 = 0
    private(set) var count = 0
    /// Some file's stamp was taken within the racy window of its change.
    private(set) var racy = false

    mutating func add(path key: ContentHash, stamp: FileStamp, kind: UInt64, now: Int64) {
        let a = Self.mix(key.h1 ^ Self.mix(UInt64(bitPattern: stamp.size) ^ kind << 56))
        let b = Self.mix(key.h2 ^ Self.mix(UInt64(bitPattern: stamp.modifiedNanoseconds)) ^ Self.mix(UInt64(bitPattern: stamp.inode) &+ a))
        sum1 &+= a
        sum2 &+= b
        count += 1
        if stamp.isRacy(now: now) { racy = true }
    }

    /// Adds another digest's files (the fixture folder's, to the milestones' and pending recordings').
    mutating func add(_ other: TreeDigest) {
        sum1 &+= other.sum1
        sum2 &+= other.sum2
        count += other.count
        racy = racy || other.racy
    }

    /// The stored form: the sums, the file count and the tree's root (stamps say nothing about another checkout).
    func text(root: String) -> String {
        "\(count):\(String(sum1, radix: 16)):\(String(sum2, radix: 16)):\(root)"
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value &+ 0x9E37_79B9_7F4A_7C15
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 31)
    }
}

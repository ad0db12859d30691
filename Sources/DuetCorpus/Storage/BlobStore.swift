import Foundation
import Duet

/// Content-addressed storage of canonical bytes: identical bytes are stored once.
///
/// ```swift
/// let blobs = BlobStore(database: db)
/// let id = try blobs.intern(state.canonicalBytes)   // same bytes → same id
/// let value = try blobs.value(id: id)               // parsed back
/// ```
///
/// A hash hit is confirmed by comparing bytes; a mismatch throws `ContentHashCollision`.
/// Known blobs are cached in memory up to a byte budget, then the cache starts over (bounded memory).
public final class BlobStore {
    public let database: Database
    private let hash: @Sendable (UnsafeRawBufferPointer) -> ContentHash
    /// False when a test injected its own hash: precomputed hashes are then recomputed with it.
    private let usesContentHash: Bool
    private var cache: [ContentHash: (id: Int64, bytes: [UInt8])] = [:]
    private var cachedBytes = 0
    private let cacheBudget: Int
    /// Blobs added by this store, and lookups answered without a new row (for the dedup ratio).
    public private(set) var inserted = 0
    public private(set) var reused = 0

    public init(database: Database, cacheBudgetBytes: Int = 32 << 20,
                hash: (@Sendable (UnsafeRawBufferPointer) -> ContentHash)? = nil) {
        self.database = database
        self.hash = hash ?? { ContentHash(of: $0) }
        self.usesContentHash = hash == nil
        self.cacheBudget = cacheBudgetBytes
    }

    /// The id of the blob holding exactly `bytes`, inserting it when new.
    public func intern(_ bytes: [UInt8]) throws -> Int64 { try internWithHash(bytes).id }

    /// The id and content hash of the blob holding exactly `bytes`, inserting it when new.
    public func internWithHash(_ bytes: [UInt8]) throws -> (id: Int64, hash: ContentHash) {
        try intern(bytes, hash: bytes.withUnsafeBytes { hash($0) })
    }

    /// Interns bytes whose `ContentHash` was computed elsewhere (on the parsing threads).
    func intern(_ blob: CanonicalBlob) throws -> (id: Int64, hash: ContentHash) {
        try intern(blob.bytes, hash: usesContentHash ? blob.hash : blob.bytes.withUnsafeBytes { hash($0) })
    }

    private func intern(_ bytes: [UInt8], hash key: ContentHash) throws -> (id: Int64, hash: ContentHash) {
        if let hit = cache[key] {
            guard sameBytes(hit.bytes, bytes) else { throw ContentHashCollision(hash: key) }
            reused += 1
            return (hit.id, key)
        }
        let id: Int64
        // One probe for a new blob: the insert reports its id, a conflict falls back to a lookup.
        let insert = try database.cachedStatement("INSERT INTO blobs(hash, bytes) VALUES (?, ?) ON CONFLICT(hash) DO NOTHING RETURNING id")
        insert.reset()
        try insert.bind(key.bytes, at: 1)
        try insert.bind(bytes, at: 2)
        if try insert.step() {
            id = insert.int64(at: 0)
            while try insert.step() {}
            insert.reset()
            inserted += 1
        } else {
            insert.reset()
            let find = try database.cachedStatement("SELECT id, bytes FROM blobs WHERE hash = ?")
            find.reset()
            try find.bind(key.bytes, at: 1)
            guard try find.step() else { find.reset(); throw DatabaseError(code: 0, message: "blob \(key.hex) vanished during insert") }
            let stored = find.blob(at: 1) ?? []
            id = find.int64(at: 0)
            find.reset()
            guard sameBytes(stored, bytes) else { throw ContentHashCollision(hash: key) }
            reused += 1
        }
        remember(key, id: id, bytes: bytes)
        return (id, key)
    }

    /// Interns the compact canonical bytes of `value`.
    public func intern(_ value: JSONValue) throws -> Int64 { try intern(value.canonicalBytes) }

    public func bytes(id: Int64) throws -> [UInt8] {
        let select = try database.cachedStatement("SELECT bytes FROM blobs WHERE id = ?")
        try select.bind([.integer(id)])
        defer { select.reset() }
        guard try select.step(), let bytes = select.blob(at: 0) else {
            throw DatabaseError(code: 0, message: "blob \(id) is missing", sql: select.sql)
        }
        return bytes
    }

    public func value(id: Int64) throws -> JSONValue {
        try CanonicalJSON.parse(bytes(id: id))
    }

    /// Forget cached hashes (after a rollback the cached ids may no longer exist).
    public func forgetCache() {
        cache.removeAll(keepingCapacity: false)
        cachedBytes = 0
    }

    private func remember(_ key: ContentHash, id: Int64, bytes: [UInt8]) {
        if cachedBytes + bytes.count > cacheBudget { forgetCache() }
        cache[key] = (id, bytes)
        cachedBytes += bytes.count + 64
    }
}

/// Byte equality through `memcmp` (the generic `==` compares element by element).
private func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
}

/// Two different byte strings with the same content hash: never merged, always refused.
public struct ContentHashCollision: Error, Sendable, CustomStringConvertible {
    public var hash: ContentHash
    public var description: String {
        "content hash \(hash.hex) already names different bytes; the corpus refuses to merge them — report this with both inputs"
    }
}

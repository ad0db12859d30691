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
final class BlobStore {
    let database: Database
    private let hash: @Sendable (UnsafeRawBufferPointer) -> ContentHash
    /// False when a test injected its own hash: precomputed hashes are then recomputed with it.
    private let usesContentHash: Bool
    /// Recently used blobs with their bytes, in two generations: when the young one reaches half the
    /// budget it becomes the old one, and a hit in the old one moves back (LRU-like, bounded).
    private var young: [ContentHash: (id: Int64, bytes: [UInt8])] = [:]
    private var old: [ContentHash: (id: Int64, bytes: [UInt8])] = [:]
    private var youngBytes = 0
    /// The id of every blob seen since the cache was last forgotten (no bytes: small at any size).
    private var ids: [ContentHash: Int64] = [:]
    private let cacheBudget: Int
    /// Blobs added by this store, and lookups answered without a new row (for the dedup ratio).
    private(set) var inserted = 0
    private(set) var reused = 0
    /// Reused blobs whose bytes had to be read back from the database to confirm the hash.
    private(set) var confirmedFromDatabase = 0

    init(database: Database, cacheBudgetBytes: Int = 32 << 20,
                hash: (@Sendable (UnsafeRawBufferPointer) -> ContentHash)? = nil) {
        self.database = database
        self.hash = hash ?? { ContentHash(of: $0) }
        self.usesContentHash = hash == nil
        self.cacheBudget = cacheBudgetBytes
    }

    /// The id of the blob holding exactly `bytes`, inserting it when new.
    func intern(_ bytes: [UInt8]) throws -> Int64 { try internWithHash(bytes).id }

    /// The id and content hash of the blob holding exactly `bytes`, inserting it when new.
    func internWithHash(_ bytes: [UInt8]) throws -> (id: Int64, hash: ContentHash) {
        try bytes.withUnsafeBytes { raw in try intern(raw, hash: hash(raw)) }
    }

    /// Interns bytes whose `ContentHash` was computed elsewhere (on the parsing threads).
    func intern(_ blob: CanonicalBlob) throws -> (id: Int64, hash: ContentHash) {
        try blob.withUnsafeBytes { raw in try intern(raw, hash: usesContentHash ? blob.hash : hash(raw)) }
    }

    private func intern(_ bytes: UnsafeRawBufferPointer, hash key: ContentHash) throws -> (id: Int64, hash: ContentHash) {
        if let hit = young[key] {
            guard sameBytes(hit.bytes, bytes) else { throw ContentHashCollision(hash: key) }
            reused += 1
            return (hit.id, key)
        }
        if let hit = old.removeValue(forKey: key) {
            guard sameBytes(hit.bytes, bytes) else { throw ContentHashCollision(hash: key) }
            reused += 1
            remember(key, id: hit.id, bytes: hit.bytes)
            return (hit.id, key)
        }
        if let id = ids[key] {
            // Known id, bytes no longer cached: one rowid read confirms the hash.
            let select = try database.cachedStatement("SELECT bytes FROM blobs WHERE id = ?")
            select.reset()
            try select.bind(id, at: 1)
            let stored = try select.step() ? select.blob(at: 0) : nil
            select.reset()
            if let stored {
                guard sameBytes(stored, bytes) else { throw ContentHashCollision(hash: key) }
                reused += 1
                confirmedFromDatabase += 1
                remember(key, id: id, bytes: stored)
                return (id, key)
            }
        }
        let id: Int64
        // One probe for a new blob (no RETURNING: SQLite materializes returned rows); a conflict falls back to a lookup.
        let insert = try database.cachedStatement("INSERT INTO blobs(hash, bytes) VALUES (?, ?) ON CONFLICT(hash) DO NOTHING")
        insert.reset()
        try insert.bind(key, at: 1)
        try insert.bindWithoutCopy(bytes: bytes, at: 2)
        try insert.run()
        insert.reset()
        if database.changes == 1 {
            id = database.lastInsertRowID
            inserted += 1
        } else {
            let find = try database.cachedStatement("SELECT id, bytes FROM blobs WHERE hash = ?")
            find.reset()
            try find.bind(key, at: 1)
            guard try find.step() else { find.reset(); throw DatabaseError(code: 0, message: "blob \(key.hex) vanished during insert") }
            let stored = find.blob(at: 1) ?? []
            id = find.int64(at: 0)
            find.reset()
            guard sameBytes(stored, bytes) else { throw ContentHashCollision(hash: key) }
            reused += 1
        }
        remember(key, id: id, bytes: Array(bytes))
        return (id, key)
    }

    /// Interns the compact canonical bytes of `value`.
    func intern(_ value: JSONValue) throws -> Int64 { try intern(value.canonicalBytes) }

    func bytes(id: Int64) throws -> [UInt8] {
        let select = try database.cachedStatement("SELECT bytes FROM blobs WHERE id = ?")
        try select.bind([.integer(id)])
        defer { select.reset() }
        guard try select.step(), let bytes = select.blob(at: 0) else {
            throw DatabaseError(code: 0, message: "blob \(id) is missing", sql: select.sql)
        }
        return bytes
    }

    func value(id: Int64) throws -> JSONValue {
        try CanonicalJSON.parse(bytes(id: id))
    }

    /// Forget cached hashes (after a rollback the cached ids may no longer exist).
    func forgetCache() {
        young.removeAll(keepingCapacity: false)
        old.removeAll(keepingCapacity: false)
        ids.removeAll(keepingCapacity: false)
        youngBytes = 0
    }

    private func remember(_ key: ContentHash, id: Int64, bytes: [UInt8]) {
        if youngBytes + bytes.count > cacheBudget / 2 {
            old = young
            young.removeAll(keepingCapacity: true)
            youngBytes = 0
        }
        young[key] = (id, bytes)
        youngBytes += bytes.count + 64
        ids[key] = id
    }
}

/// Byte equality through `memcmp` (the generic `==` compares element by element).
private func sameBytes(_ a: [UInt8], _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { x in x.count == 0 || memcmp(x.baseAddress!, b.baseAddress!, x.count) == 0 }
}

/// Two different byte strings with the same content hash: never merged, always refused.
public struct ContentHashCollision: Error, Sendable, CustomStringConvertible {
    public var hash: ContentHash
    public var description: String {
        "content hash \(hash.hex) already names different bytes; the corpus refuses to merge them — report this with both inputs"
    }
}

import Foundation
import Duet

/// One fixture file read, parsed, made compact and hashed off the writer's thread.
struct ParsedFixtureFile: Sendable {
    enum Content: Sendable {
        case unchanged
        case fixture(PreparedFixture)
        case failed(InputError)
    }
    var name: String
    var hash: ContentHash
    var content: Content

    /// Reads and parses `file`; a file whose hash equals `knownHash` is not parsed.
    static func read(_ file: (name: String, path: String), knownHash: [UInt8]?, plans: [String: IndexPlan] = [:]) -> ParsedFixtureFile {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file.path)))
        } catch {
            return ParsedFixtureFile(name: file.name, hash: ContentHash(h1: 0, h2: 0),
                                     content: .failed(InputError(file: file.path, message: "cannot read: \(error.localizedDescription)")))
        }
        let hash = ContentHash(of: bytes)
        if knownHash == hash.bytes { return ParsedFixtureFile(name: file.name, hash: hash, content: .unchanged) }
        do {
            return ParsedFixtureFile(name: file.name, hash: hash, content: .fixture(prepare(try Fixture(name: file.name, document: CanonicalJSON.parse(bytes)), plans: plans)))
        } catch let error as DialectError {
            return ParsedFixtureFile(name: file.name, hash: hash, content: .failed(InputError(file: file.path, error, fix: "fix the JSON, or re-record the fixture")))
        } catch let error as FixtureShapeError {
            return ParsedFixtureFile(name: file.name, hash: hash, content: .failed(FixtureFiles.inputError(error, file: file.path, bytes: bytes)))
        } catch {
            return ParsedFixtureFile(name: file.name, hash: hash, content: .failed(InputError(file: file.path, message: "\(error)")))
        }
    }

    private static func prepare(_ fixture: Fixture, plans: [String: IndexPlan]) -> PreparedFixture {
        let plan = fixture.feature.flatMap { plans[$0] }
        let prepared = PreparedFixture(fixture, plan: plan)
        return plan == nil || prepared.index != nil ? prepared.releasingStepValues() : prepared
    }

    /// Parses `files` in order-preserving batches on all cores, handing each batch to `body` while the
    /// next one is parsed (reading and parsing overlap the database writes).
    static func forEachBatch(_ files: [(name: String, path: String)], knownHashes: [String: [UInt8]],
                             plans: [String: IndexPlan] = [:], batchSize: Int = 64,
                             _ body: ([ParsedFixtureFile]) throws -> Void) throws {
        let batches = stride(from: 0, to: files.count, by: batchSize).map { Array(files[$0..<min($0 + batchSize, files.count)]) }
        guard !batches.isEmpty else { return }
        @Sendable func parse(_ batch: [(name: String, path: String)]) -> [ParsedFixtureFile] {
            let results = ResultSlots<ParsedFixtureFile>(count: batch.count)
            DispatchQueue.concurrentPerform(iterations: batch.count) { index in
                results.set(index, read(batch[index], knownHash: knownHashes[batch[index].name], plans: plans))
            }
            return results.values
        }
        var current = parse(batches[0])
        for next in batches.indices.dropFirst() {
            let upcoming = ResultSlots<[ParsedFixtureFile]>(count: 1)
            let group = DispatchGroup()
            let batch = batches[next]
            DispatchQueue.global().async(group: group) { upcoming.set(0, parse(batch)) }
            do {
                try body(current)
            } catch {
                group.wait()
                throw error
            }
            group.wait()
            current = upcoming.values[0]
        }
        try body(current)
    }
}

/// Slots filled from several threads, each index written once.
private final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Value) { lock.lock(); slots[index] = value; lock.unlock() }
    var values: [Value] { lock.lock(); defer { lock.unlock() }; return slots.map { $0! } }
}

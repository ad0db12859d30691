import Foundation
import Duet
import DuetFixtures

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

    /// How files are read: `compact` (streaming canonicalizer + byte scanner, falling back to trees
    /// for any file it cannot read, so errors are worded the same) or `trees` only (the reference).
    enum Reading: Sendable { case compact, trees }

    /// Reads and parses `file`; a file whose hash equals `knownHash` is not parsed.
    static func read(_ file: (name: String, path: String), knownHash: [UInt8]?, plans: [String: IndexPlan] = [:],
                     reading: Reading = .compact) -> ParsedFixtureFile {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file.path)))
        } catch {
            return ParsedFixtureFile(name: file.name, hash: ContentHash(h1: 0, h2: 0),
                                     content: .failed(InputError(file: file.path, message: "cannot read: \(error.localizedDescription)")))
        }
        let hash = ContentHash(of: bytes)
        if knownHash == hash.bytes { return ParsedFixtureFile(name: file.name, hash: hash, content: .unchanged) }
        if reading == .compact, let prepared = CompactFixtureReader.prepare(name: file.name, bytes: bytes, plans: plans) {
            return ParsedFixtureFile(name: file.name, hash: hash, content: .fixture(prepared))
        }
        do {
            let fixture = try Fixture(name: file.name, document: CanonicalJSON.parse(bytes))
            if let problem = fixture.outline.problem(fixture: file.name) { throw problem }
            return ParsedFixtureFile(name: file.name, hash: hash, content: .fixture(prepare(fixture, plans: plans)))
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

    /// Parses `files` in order-preserving batches on all cores, handing each batch to `body` (the
    /// writer) in order while up to `lookahead` later batches are parsed, so neither side waits for the other.
    static func forEachBatch(_ files: [(name: String, path: String)], knownHashes: [String: [UInt8]],
                             plans: [String: IndexPlan] = [:], reading: Reading = .compact, batchSize: Int = 16,
                             lookahead: Int = 6, _ body: ([ParsedFixtureFile]) throws -> Void) throws {
        let batches = stride(from: 0, to: files.count, by: batchSize).map { Array(files[$0..<min($0 + batchSize, files.count)]) }
        guard !batches.isEmpty else { return }
        let pipeline = ParseAhead<[ParsedFixtureFile]>(lookahead: lookahead)
        DispatchQueue.global().async {
            for (index, batch) in batches.enumerated() {
                guard pipeline.waitForRoom(index) else { break }
                let results = Locked([ParsedFixtureFile?](repeating: nil, count: batch.count))
                DispatchQueue.concurrentPerform(iterations: batch.count) { item in
                    let parsed = read(batch[item], knownHash: knownHashes[batch[item].name], plans: plans, reading: reading)
                    results.withLock { $0[item] = parsed }
                }
                pipeline.put(index, results.withLock { $0.map { $0! } })
            }
            pipeline.finish()
        }
        // Written batches are freed on another thread: thousands of small frees per batch are not the writer's work.
        let release = DispatchQueue(label: "duet.import.release")
        do {
            for index in batches.indices {
                let batch = pipeline.take(index)
                try body(batch)
                release.async { withExtendedLifetime(batch) {} }
            }
        } catch {
            pipeline.stop()
            pipeline.waitUntilFinished()
            throw error
        }
        pipeline.waitUntilFinished()
    }
}

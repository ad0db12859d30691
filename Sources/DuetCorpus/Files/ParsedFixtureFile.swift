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
    /// The copy of the file's bytes staged as a file of record, when one was asked for (`FileCopies`).
    var copy: StagedCopy?

    /// A copy written from the bytes read (so no file is read twice), or why it could not be.
    enum StagedCopy: Sendable {
        case staged(FileStamp)
        case input(InputError)
        case environment(EnvironmentError)

        /// The stamp the file of record will have, or the error that stopped its copy.
        func stamp() throws -> FileStamp {
            switch self {
            case .staged(let stamp): return stamp
            case .input(let error): throw error
            case .environment(let error): throw error
            }
        }
    }

    /// How files are read: `compact` (streaming canonicalizer + byte scanner, falling back to trees
    /// for any file it cannot read, so errors are worded the same) or `trees` only (the reference).
    enum Reading: Sendable { case compact, trees }

    /// Reads and parses `file`; a file whose hash equals `knownHash` is not parsed. When `copies`
    /// names a destination for it, the bytes read are staged there (unless the file failed).
    static func read(_ file: (name: String, path: String), knownHash: [UInt8]?, plans: [String: IndexPlan] = [:],
                     reading: Reading = .compact, copies: FileCopies? = nil) -> ParsedFixtureFile {
        let (read, bytes) = parse(file, knownHash: knownHash, plans: plans, reading: reading)
        var parsed = read
        if let copies, let destination = copies.destinations[file.name], let bytes {
            if case .failed = parsed.content { return parsed }
            parsed.copy = copies.batch.stagedCopy(bytes, to: destination)
        }
        return parsed
    }

    private static func parse(_ file: (name: String, path: String), knownHash: [UInt8]?, plans: [String: IndexPlan],
                              reading: Reading) -> (file: ParsedFixtureFile, bytes: [UInt8]?) {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file.path)))
        } catch {
            return (ParsedFixtureFile(name: file.name, hash: ContentHash(h1: 0, h2: 0),
                                      content: .failed(InputError(file: file.path, message: "cannot read: \(error.localizedDescription)"))), nil)
        }
        let hash = ContentHash(of: bytes)
        if knownHash == hash.bytes { return (ParsedFixtureFile(name: file.name, hash: hash, content: .unchanged), bytes) }
        if reading == .compact, let prepared = CompactFixtureReader.prepare(name: file.name, bytes: bytes, plans: plans) {
            return (ParsedFixtureFile(name: file.name, hash: hash, content: .fixture(prepared)), bytes)
        }
        do {
            let fixture = try Fixture(name: file.name, document: CanonicalJSON.parse(bytes))
            if let problem = fixture.outline.problem(fixture: file.name) { throw problem }
            return (ParsedFixtureFile(name: file.name, hash: hash, content: .fixture(prepare(fixture, plans: plans))), bytes)
        } catch let error as DialectError {
            return (ParsedFixtureFile(name: file.name, hash: hash, content: .failed(InputError(file: file.path, error, fix: "fix the JSON, or re-record the fixture"))), bytes)
        } catch let error as FixtureShapeError {
            return (ParsedFixtureFile(name: file.name, hash: hash, content: .failed(FixtureFiles.inputError(error, file: file.path, bytes: bytes))), bytes)
        } catch {
            return (ParsedFixtureFile(name: file.name, hash: hash, content: .failed(InputError(file: file.path, message: "\(error)"))), bytes)
        }
    }

    private static func prepare(_ fixture: Fixture, plans: [String: IndexPlan]) -> PreparedFixture {
        let plan = fixture.feature.flatMap { plans[$0] }
        let prepared = PreparedFixture(fixture, plan: plan)
        return plan == nil || prepared.index != nil ? prepared.releasingStepValues() : prepared
    }

    /// Parses `files` (and stages their `copies`) in order-preserving batches on all cores, handing each batch to `body` (the
    /// writer) in order while up to `lookahead` later batches are parsed, so neither side waits for the other.
    static func forEachBatch(_ files: [(name: String, path: String)], knownHashes: [String: [UInt8]],
                             plans: [String: IndexPlan] = [:], reading: Reading = .compact, copies: FileCopies? = nil, batchSize: Int = 16,
                             lookahead: Int = 6, _ body: ([ParsedFixtureFile]) throws -> Void) throws {
        let batches = stride(from: 0, to: files.count, by: batchSize).map { Array(files[$0..<min($0 + batchSize, files.count)]) }
        guard !batches.isEmpty else { return }
        let pipeline = ParseAhead<[ParsedFixtureFile]>(lookahead: lookahead)
        DispatchQueue.global().async {
            for (index, batch) in batches.enumerated() {
                guard pipeline.waitForRoom(index) else { break }
                let results = Locked([ParsedFixtureFile?](repeating: nil, count: batch.count))
                DispatchQueue.concurrentPerform(iterations: batch.count) { item in
                    let parsed = read(batch[item], knownHash: knownHashes[batch[item].name], plans: plans, reading: reading, copies: copies)
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

/// Where an import copies the files it reads (fixture name → the file of record's path), written
/// on the threads that read them, into one batch made durable together.
struct FileCopies: Sendable {
    let batch: TreeWriteBatch
    let destinations: [String: String]
}

extension TreeWriteBatch {
    /// `stage`, its error kept for the thread that owns the batch.
    func stagedCopy(_ bytes: [UInt8], to path: String) -> ParsedFixtureFile.StagedCopy {
        do { return .staged(try stage(bytes, to: path)) } catch let error as InputError {
            return .input(error)
        } catch let error as EnvironmentError {
            return .environment(error)
        } catch {
            return .environment(EnvironmentError("cannot write \(path): \(error)", fix: "check the folder and run again"))
        }
    }
}

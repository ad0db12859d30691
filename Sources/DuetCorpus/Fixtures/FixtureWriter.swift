import Duet
import DuetFixtures

/// Writes fixtures into the corpus tables; the caller holds the transaction and calls `flush()`
/// before it ends (step and index rows are inserted in batches).
struct FixtureWriter {
    enum Outcome: Sendable, Equatable { case inserted, replaced, unchanged }

    let corpus: Corpus
    var indexer: StructuralIndexWriter
    /// What the fixtures this writer replaced referred to, for `collectGarbage(among:)`.
    private(set) var garbage = GarbageCandidates()
    private let steps: BatchedInsert

    init(corpus: Corpus) throws {
        self.corpus = corpus
        self.indexer = try StructuralIndexWriter(corpus: corpus)
        steps = try BatchedInsert(database: corpus.database, into: """
            steps(fixture_id, idx, node, label, line, action_case, action_blob, state_blob, effects_blob, link_to_next, extras_blob)
            """, columns: 11)
    }

    /// Writes every row still batched.
    func flush() throws {
        try steps.flush()
        try indexer.flush()
    }

    private struct StoredStep { var action: Int64; var state: Int64?; var effects: Int64; var extras: Int64? }

    /// Stores `fixture`; `sourceHash` identifies its document bytes (unchanged → nothing is written).
    mutating func write(_ fixture: Fixture, sourceHash: ContentHash) throws -> Outcome {
        try write(PreparedFixture(fixture, plan: fixture.feature.flatMap { indexer.plans[$0] }), sourceHash: sourceHash)
    }

    /// Stores a fixture whose blobs were already made compact and hashed.
    mutating func write(_ prepared: PreparedFixture, sourceHash: ContentHash) throws -> Outcome {
        let fixture = prepared.fixture
        _ = try Fixture.fileName(for: fixture.name)
        let db = corpus.database
        let blobs = corpus.blobs
        let existing = try db.cachedStatement("SELECT id, source_hash FROM fixtures WHERE name = ?")
        var existingID: Int64?
        var unchanged = false
        try existing.forEachRow([.text(fixture.name)]) { row in
            existingID = row.int64(at: 0)
            unchanged = row.blob(at: 1) == sourceHash.bytes
        }
        if unchanged { return .unchanged }

        // Blobs first: their hashes make the behavioural projection hash without writing the projection.
        var projection = ProjectionHash()
        let initial = try prepared.initial.map { try blobs.intern($0) }
        projection.add(initial?.hash)
        var stored: [StoredStep] = []
        stored.reserveCapacity(prepared.steps.count)
        for (step, blobsOfStep) in zip(fixture.steps, prepared.steps) {
            let action = try blobs.intern(blobsOfStep.action)
            let state = try blobsOfStep.state.map { try blobs.intern($0) }
            let effects = try blobs.intern(blobsOfStep.effects)
            for field in BehaviouralSubset.StepField.allCases {
                switch field {
                case .node: projection.add(step.node)
                case .action: projection.add(action.hash)
                case .expectedState: projection.add(state?.hash)
                case .expectedEffects: projection.add(effects.hash)
                }
            }
            stored.append(StoredStep(action: action.id, state: state?.id, effects: effects.id,
                                     extras: try blobsOfStep.extras.map { try blobs.intern($0).id }))
        }

        var values: [SQLValue] = [
            .text(fixture.isChain ? "chain" : "leaf"),
            SQLValue(fixture.feature), SQLValue(fixture.chain), SQLValue(fixture.dialect),
            SQLValue(fixture.description), SQLValue(fixture.scenarioSource), SQLValue(fixture.scenarioBranch),
            SQLValue(initial?.id), SQLValue(try prepared.extras.map { try blobs.intern($0).id }),
            SQLValue(try prepared.scenarioExtras.map { try blobs.intern($0).id }),
            .integer(fixture.stepsOmitted ? 1 : 0), .integer(Int64(fixture.steps.count)),
            .blob(projection.finish().bytes), .blob(sourceHash.bytes),
        ]
        let fixtureID: Int64
        if let id = existingID {
            // Rows still batched may belong to this fixture (a version written earlier in the same call);
            // what the old version referred to is noted before it is overwritten.
            try flush()
            garbage.formUnion(try corpus.garbageCandidates(ofFixture: id))
            try corpus.countKinds(ofFixtures: [id], sign: -1)
            values.append(.integer(id))
            try db.execute("""
                UPDATE fixtures SET shape = ?, feature = ?, chain = ?, dialect = ?, description = ?,
                    scenario_source = ?, scenario_branch = ?, initial_blob = ?, extras_blob = ?,
                    scenario_extras_blob = ?, steps_omitted = ?, step_count = ?, projection_hash = ?, source_hash = ?
                WHERE id = ?
                """, values)
            try db.execute("DELETE FROM steps WHERE fixture_id = ?", [.integer(id)])
            try db.execute("DELETE FROM step_transitions WHERE fixture_id = ?", [.integer(id)])
            fixtureID = id
        } else {
            values.insert(.text(fixture.name), at: 0)
            try db.execute("""
                INSERT INTO fixtures(name, shape, feature, chain, dialect, description, scenario_source, scenario_branch,
                    initial_blob, extras_blob, scenario_extras_blob, steps_omitted, step_count, projection_hash, source_hash)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, values)
            fixtureID = db.lastInsertRowID
        }

        for (index, step) in fixture.steps.enumerated() {
            let blobIDs = stored[index]
            try steps.addRow { row in
                try row.bind(fixtureID, at: 1)
                try row.bind(index, at: 2)
                try row.bind(step.node, at: 3)
                try row.bind(step.label, at: 4)
                try row.bind(step.line.map(Int64.init), at: 5)
                try row.bind(prepared.steps[index].actionCase, at: 6)
                try row.bind(blobIDs.action, at: 7)
                try row.bind(blobIDs.state, at: 8)
                try row.bind(blobIDs.effects, at: 9)
                try row.bind(step.linkToNext.map { $0 ? 1 : 0 }, at: 10)
                try row.bind(blobIDs.extras, at: 11)
            }
        }
        let indexed = try indexer.index(fixtureID: fixtureID, prepared: prepared, initialID: fixture.isChain ? nil : initial?.id,
                                        stateIDs: stored.map(\.state))
        if !indexed { indexer.tally.countLater(fixture: fixtureID) }
        return existingID == nil ? .inserted : .replaced
    }
}

/// The hash of a fixture's behavioural subset (`BehaviouralSubset`), built from the content hashes
/// of its parts (initial state(s), then per step its `StepField`s in order), so equal behaviour
/// gives equal hashes without writing the subset out.
struct ProjectionHash {
    private var bytes: [UInt8] = []

    mutating func add(_ hash: ContentHash?) {
        guard let hash else { bytes.append(0); return }
        bytes.append(1)
        append(hash)
    }

    /// The same 16 bytes as `ContentHash.bytes`, without an intermediate array.
    private mutating func append(_ hash: ContentHash) {
        for shift in stride(from: UInt64(0), to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: hash.h1 >> shift)) }
        for shift in stride(from: UInt64(0), to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: hash.h2 >> shift)) }
    }

    mutating func add(_ text: String?) {
        guard let text else { bytes.append(0); return }
        bytes.append(2)
        var utf8 = text
        append(utf8.withUTF8 { ContentHash(of: UnsafeRawBufferPointer($0)) })
    }

    func finish() -> ContentHash { ContentHash(of: bytes) }
}

import Duet

/// Writes fixtures into the corpus tables; the caller holds the transaction.
struct FixtureWriter {
    enum Outcome: Sendable, Equatable { case inserted, replaced, unchanged }

    let corpus: Corpus
    var indexer: StructuralIndexWriter

    init(corpus: Corpus) throws {
        self.corpus = corpus
        self.indexer = try StructuralIndexWriter(corpus: corpus)
    }

    func isUnchanged(name: String, sourceHash: ContentHash) throws -> Bool {
        let select = try corpus.database.cachedStatement("SELECT source_hash FROM fixtures WHERE name = ?")
        var same = false
        try select.forEachRow([.text(name)]) { same = $0.blob(at: 0) == sourceHash.bytes }
        return same
    }

    /// Stores `fixture`; `sourceHash` identifies its document bytes (unchanged → nothing is written).
    mutating func write(_ fixture: Fixture, sourceHash: ContentHash) throws -> Outcome {
        _ = try Fixture.fileName(for: fixture.name)
        let db = corpus.database
        let blobs = corpus.blobs
        let existing = try db.cachedStatement("SELECT id, source_hash FROM fixtures WHERE name = ?")
        var existingID: Int64?
        try existing.forEachRow([.text(fixture.name)]) { row in
            existingID = row.int64(at: 0)
            if row.blob(at: 1) == sourceHash.bytes { existingID = -existingID! }
        }
        if let id = existingID, id < 0 { return .unchanged }

        let initial = fixture.isChain ? fixture.initialStates.map(JSONValue.object) : fixture.initialState
        var values: [SQLValue] = [
            .text(fixture.isChain ? "chain" : "leaf"),
            SQLValue(fixture.feature), SQLValue(fixture.chain), SQLValue(fixture.dialect),
            SQLValue(fixture.description), SQLValue(fixture.scenarioSource), SQLValue(fixture.scenarioBranch),
            try initial.map { .integer(try blobs.intern($0)) } ?? .null,
            try optionalBlob(fixture.extras), try optionalBlob(fixture.scenarioExtras),
            .integer(fixture.stepsOmitted ? 1 : 0), .integer(Int64(fixture.steps.count)),
            .blob(ContentHash(of: fixture.behaviouralProjection.canonicalBytes).bytes),
            .blob(sourceHash.bytes),
        ]
        let fixtureID: Int64
        if let id = existingID {
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

        var stateIDs: [Int64?] = []
        stateIDs.reserveCapacity(fixture.steps.count)
        let insertStep = try db.cachedStatement("""
            INSERT INTO steps(fixture_id, idx, node, label, line, action_case, action_blob, state_blob,
                effects_blob, link_to_next, extras_blob) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (index, step) in fixture.steps.enumerated() {
            let stateID = try step.expectedState.map { try blobs.intern($0) }
            stateIDs.append(stateID)
            insertStep.reset()
            try insertStep.bind(fixtureID, at: 1)
            try insertStep.bind(Int64(index), at: 2)
            try insertStep.bind(step.node, at: 3)
            try insertStep.bind(step.label, at: 4)
            if let line = step.line { try insertStep.bind(line, at: 5) }
            try insertStep.bind(step.action["case"]?.stringValue, at: 6)
            try insertStep.bind(try blobs.intern(step.action), at: 7)
            if let stateID { try insertStep.bind(stateID, at: 8) }
            try insertStep.bind(try blobs.intern(step.expectedEffects), at: 9)
            if let link = step.linkToNext { try insertStep.bind(link ? 1 : 0, at: 10) }
            if !step.extras.isEmpty { try insertStep.bind(try blobs.intern(.object(step.extras)), at: 11) }
            while try insertStep.step() {}
            insertStep.reset()
        }
        let initialID: Int64? = fixture.isChain ? nil : try fixture.initialState.map { try blobs.intern($0) }
        try indexer.index(fixtureID: fixtureID, fixture: fixture, initialID: initialID, stateIDs: stateIDs)
        return existingID == nil ? .inserted : .replaced
    }

    private func optionalBlob(_ object: JSONObject) throws -> SQLValue {
        object.isEmpty ? .null : .integer(try corpus.blobs.intern(.object(object)))
    }
}

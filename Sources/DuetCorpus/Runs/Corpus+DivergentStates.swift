extension Corpus {
    /// States larger than this are not kept: the map then shows no transition for that step.
    static let divergentStateLimit = 256 * 1024

    /// Keeps the state each diverged result answered (`run_divergent_states`); the caller holds the transaction.
    func storeDivergentStates(run id: Int64, _ results: [StoredFixtureResult]) throws {
        let insert = try database.cachedStatement("INSERT INTO run_divergent_states (run_id, fixture, state) VALUES (?, ?, ?)")
        for result in results {
            guard result.failureKind == "state", let state = result.actualState, state.count <= Self.divergentStateLimit else { continue }
            try insert.execute([.integer(id), .text(result.fixture), .blob(state)])
        }
    }
}

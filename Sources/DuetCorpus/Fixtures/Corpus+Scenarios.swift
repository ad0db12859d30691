import Duet

extension Corpus {
    /// Stores (or replaces) the scenario definition that records `fixture`.
    ///
    /// ```swift
    /// try corpus.upsertScenario(fixture: "counter", feature: "counter", description: "…",
    ///                           source: "Tests/CounterScenarios.swift", definition: scenarioTree)
    /// ```
    public func upsertScenario(fixture: String, feature: String, description: String?, source: String?, definition: JSONValue) throws {
        try write {
            let blob = try blobs.intern(definition)
            try database.execute("""
                INSERT INTO scenarios(fixture, feature, description, source, definition_blob) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(fixture) DO UPDATE SET feature = excluded.feature, description = excluded.description,
                    source = excluded.source, definition_blob = excluded.definition_blob
                """, [.text(fixture), .text(feature), SQLValue(description), SQLValue(source), .integer(blob)])
        }
    }

    /// The stored scenario definition for `fixture`, if any.
    public func scenarioDefinition(fixture: String) throws -> JSONValue? {
        guard let blob = try database.scalarInteger("SELECT definition_blob FROM scenarios WHERE fixture = ?", [.text(fixture)]) else { return nil }
        return try blobs.value(id: blob)
    }
}

import Duet
import DuetFixtures

/// Reads fixtures back from the corpus tables, parsing each distinct blob once per reader.
struct FixtureReader {
    let database: Database
    private var parsed: [Int64: JSONValue] = [:]
    private var parsedCacheBytes = 0
    private var fixtureParsedBytes = 0

    init(database: Database) { self.database = database }

    /// Fixtures matching the filters, ordered by name.
    mutating func fixtures(feature: String?, name: String?) throws -> [Fixture] {
        var result: [Fixture] = []
        try forEachFixture(feature: feature, name: name) { result.append($0) }
        return result
    }

    mutating func forEachFixture(feature: String?, name: String?, _ body: (Fixture) throws -> Void) throws {
        try forEachMeasuredFixture(feature: feature, name: name) { fixture, _ in try body(fixture) }
    }

    /// `body` also gets the bytes of stored JSON parsed for that fixture (blobs it shares with
    /// earlier ones, still cached, cost nothing): about what it newly holds, for a caller that
    /// bounds a page of fixtures by memory rather than by steps alone.
    mutating func forEachMeasuredFixture(feature: String?, name: String?, _ body: (Fixture, _ parsedBytes: Int) throws -> Void) throws {
        // Headers a page at a time (a range of the name index), so a pass over a million-step corpus
        // holds one page of them, not a header per fixture.
        var after = ""
        while true {
            let headers = try headerPage(feature: feature, name: name, after: after, limit: 512)
            guard let last = headers.last else { return }
            after = last.fixture.name
            try read(headers, body)
            if headers.count < 512 { return }
        }
    }

    private typealias Header = (id: Int64, fixture: Fixture, shape: String, initial: Int64?, extras: Int64?, scenarioExtras: Int64?)

    private func headerPage(feature: String?, name: String?, after: String, limit: Int) throws -> [Header] {
        let select = try database.cachedStatement("""
            SELECT id, name, shape, feature, chain, dialect, description, scenario_source, scenario_branch,
                   initial_blob, extras_blob, scenario_extras_blob, steps_omitted
            FROM fixtures WHERE name > ?3 AND (?1 IS NULL OR feature = ?1) AND (?2 IS NULL OR name = ?2) ORDER BY name LIMIT ?4
            """)
        var headers: [Header] = []
        try select.forEachRow([SQLValue(feature), SQLValue(name), .text(after), SQLValue(limit)]) { row in
            var fixture = Fixture(name: row.text(at: 1) ?? "", steps: [])
            fixture.feature = row.text(at: 3)
            fixture.chain = row.text(at: 4)
            fixture.dialect = row.isNull(at: 5) ? nil : row.int(at: 5)
            fixture.description = row.text(at: 6)
            fixture.scenarioSource = row.text(at: 7)
            fixture.scenarioBranch = row.text(at: 8)
            fixture.stepsOmitted = row.int(at: 12) != 0
            func optionalID(_ column: Int32) -> Int64? { row.isNull(at: column) ? nil : row.int64(at: column) }
            headers.append((row.int64(at: 0), fixture, row.text(at: 2) ?? "leaf", optionalID(9), optionalID(10), optionalID(11)))
        }
        return headers
    }

    private mutating func read(_ headers: [Header], _ body: (Fixture, Int) throws -> Void) throws {
        for header in headers {
            var fixture = header.fixture
            fixtureParsedBytes = 0
            if let initial = header.initial {
                let value = try blobValue(initial)
                if header.shape == "chain" { fixture.initialStates = value.objectValue } else { fixture.initialState = value }
            }
            if let extras = header.extras { fixture.extras = try blobValue(extras).objectValue ?? JSONObject() }
            if let extras = header.scenarioExtras { fixture.scenarioExtras = try blobValue(extras).objectValue ?? JSONObject() }
            fixture.steps = try steps(fixtureID: header.id)
            try body(fixture, fixtureParsedBytes)
            // Bounded by bytes too: many distinct small states would otherwise hold their trees.
            if parsed.count > 20_000 || parsedCacheBytes > Self.parsedCacheByteLimit {
                parsed.removeAll(keepingCapacity: true)
                parsedCacheBytes = 0
            }
        }
    }

    private mutating func steps(fixtureID: Int64) throws -> [FixtureStep] {
        let select = try database.cachedStatement("""
            SELECT node, label, line, action_blob, state_blob, effects_blob, link_to_next, extras_blob
            FROM steps WHERE fixture_id = ? ORDER BY idx
            """)
        var rows: [(node: String?, label: String?, line: Int?, action: Int64, state: Int64?, effects: Int64, link: Bool?, extras: Int64?)] = []
        try select.forEachRow([.integer(fixtureID)]) { row in
            rows.append((row.text(at: 0), row.text(at: 1), row.isNull(at: 2) ? nil : row.int(at: 2), row.int64(at: 3),
                         row.isNull(at: 4) ? nil : row.int64(at: 4), row.int64(at: 5),
                         row.isNull(at: 6) ? nil : row.int(at: 6) != 0, row.isNull(at: 7) ? nil : row.int64(at: 7)))
        }
        return try rows.map { row in
            FixtureStep(node: row.node, label: row.label, line: row.line, action: try blobValue(row.action),
                        expectedState: try row.state.map { try blobValue($0) }, expectedEffects: try blobValue(row.effects),
                        linkToNext: row.link, extras: try row.extras.map { try blobValue($0).objectValue ?? JSONObject() } ?? JSONObject())
        }
    }

    private mutating func blobValue(_ id: Int64) throws -> JSONValue {
        if let value = parsed[id] { return value }
        let select = try database.cachedStatement("SELECT bytes FROM blobs WHERE id = ?")
        var bytes: [UInt8]?
        try select.forEachRow([.integer(id)]) { bytes = $0.blob(at: 0) }
        guard let bytes else { throw DatabaseError(code: 0, message: "blob \(id) is missing; run `duet corpus check`") }
        let value = try CanonicalJSON.parse(bytes)
        fixtureParsedBytes += bytes.count
        // Small blobs (actions, effect lists) recur; large states rarely do and would fill memory.
        if bytes.count <= 512 { parsed[id] = value; parsedCacheBytes += bytes.count }
        return value
    }

    /// Stored JSON whose parsed trees the blob cache may hold before it starts again.
    static let parsedCacheByteLimit = 2 << 20
}

import Duet
import DuetFixtures

/// What a write of fixtures changed.
public struct FixtureWriteSummary: Sendable, Equatable {
    public var inserted: [String] = []
    public var replaced: [String] = []
    public var unchanged: [String] = []
    public var steps = 0
    public init() {}
}

extension Corpus {
    /// Stores fixtures in one transaction: new names are added, changed ones replaced in place,
    /// identical ones left alone. The structural index follows for features with a structure.
    ///
    /// ```swift
    /// let summary = try corpus.upsertFixtures(recorded)
    /// summary.replaced   // names whose content changed
    /// ```
    @discardableResult
    public func upsertFixtures(_ fixtures: [Fixture]) throws -> FixtureWriteSummary {
        try write {
            var writer = try FixtureWriter(corpus: self)
            var summary = FixtureWriteSummary()
            for fixture in fixtures {
                let outcome = try writer.write(fixture, sourceHash: ContentHash(of: fixture.document.prettyBytes))
                summary.record(outcome, name: fixture.name, steps: fixture.steps.count)
            }
            try writer.flush()
            try collectGarbage(among: writer.garbage)
            return summary
        }
    }

    /// Fixtures ordered by name, optionally only one feature's or one name.
    ///
    /// ```swift
    /// let counter = try corpus.fixtures(feature: "counter")
    /// let one = try corpus.fixtures(name: "chain-ping-pong").first
    /// ```
    public func fixtures(feature: String? = nil, name: String? = nil) throws -> [Fixture] {
        var reader = FixtureReader(database: database)
        return try reader.fixtures(feature: feature, name: name)
    }

    /// The fixtures named `names` (those stored), in name order: looked up one by one when they are
    /// few, read in one pass when they are most of the corpus.
    public func fixtures(named names: [String]) throws -> [Fixture] {
        var result: [Fixture] = []
        try forEachFixture(named: names) { result.append($0) }
        return result
    }

    /// Calls `body` with each of the fixtures named `names` (those stored) in name order, one at a
    /// time, so a caller that pages them holds only its page.
    public func forEachFixture(named names: [String], _ body: (Fixture) throws -> Void) throws {
        var reader = FixtureReader(database: database)
        let total = Int(try database.scalarInteger("SELECT count(*) FROM fixtures") ?? 0)
        if names.count * 4 > total {
            let wanted = Set(names)
            try reader.forEachFixture(feature: nil, name: nil) { if wanted.contains($0.name) { try body($0) } }
            return
        }
        for name in names.sorted(by: CanonicalOrder.precedes) {
            for fixture in try reader.fixtures(feature: nil, name: name) { try body(fixture) }
        }
    }

    /// `forEachFixture(named:)` for names held compactly: `list` is a `PassSet` of `count` names
    /// (its step counts unused). When they are most of the corpus, one pass over the fixtures walks
    /// the list beside it (both in name order), so no set of names is built. `body` also gets the
    /// bytes of stored JSON parsed for the fixture (what it newly holds: blobs shared with fixtures
    /// read just before are parsed once), so a caller can bound its page by memory.
    public func forEachFixture(namedIn list: [UInt8], count: Int, _ body: (Fixture, _ parsedBytes: Int) throws -> Void) throws {
        var reader = FixtureReader(database: database)
        var names = PassSet.Decoder(list)
        let total = Int(try database.scalarInteger("SELECT count(*) FROM fixtures") ?? 0)
        guard count * 4 > total else {
            while let name = try names.next() {
                try reader.forEachMeasuredFixture(feature: nil, name: name.fixture, body)
            }
            return
        }
        var wanted = try names.next()?.fixture
        try reader.forEachMeasuredFixture(feature: nil, name: nil) { fixture, parsedBytes in
            while let name = wanted, name.precedesByBytes(fixture.name) { wanted = try names.next()?.fixture }
            guard wanted == fixture.name else { return }
            try body(fixture, parsedBytes)
            wanted = try names.next()?.fixture
        }
    }

    /// Calls `body` with each fixture in name order, without holding them all in memory.
    public func forEachFixture(feature: String? = nil, _ body: (Fixture) throws -> Void) throws {
        var reader = FixtureReader(database: database)
        try reader.forEachFixture(feature: feature, name: nil, body)
    }

    /// Every fixture name, sorted.
    public func fixtureNames() throws -> [String] {
        try database.rows("SELECT name FROM fixtures ORDER BY name").compactMap { $0[0].text }
    }

    /// Removes fixtures by name (their steps and transitions go with them).
    public func deleteFixtures(named names: [String]) throws {
        try write { try collectGarbage(among: try deleteFixtureRows(named: names)) }
    }

    /// Deletes fixtures with their steps and transitions, also when foreign keys are off (imports
    /// and syncs run without them, so cascades cannot be relied on); returns what the caller sweeps.
    @discardableResult
    func deleteFixtureRows(named names: [String]) throws -> GarbageCandidates {
        var garbage = GarbageCandidates()
        for name in names {
            for id in try database.rows("SELECT id FROM fixtures WHERE name = ?", [.text(name)]).compactMap({ $0[0].integer }) {
                garbage.formUnion(try garbageCandidates(ofFixture: id))
                try countKinds(ofFixtures: [id], sign: -1)
            }
            let id = [SQLValue.text(name)]
            try database.execute("DELETE FROM step_transitions WHERE fixture_id IN (SELECT id FROM fixtures WHERE name = ?)", id)
            try database.execute("DELETE FROM steps WHERE fixture_id IN (SELECT id FROM fixtures WHERE name = ?)", id)
            try database.execute("DELETE FROM fixtures WHERE name = ?", id)
            try database.execute("DELETE FROM fixture_passes WHERE fixture = ?", id)
            // A stamp without its fixture would make the next sync think the tree unchanged.
            try database.execute("DELETE FROM tree_files WHERE kind = 'fixture' AND name = ?", id)
        }
        return garbage
    }
}

extension FixtureWriteSummary {
    mutating func record(_ outcome: FixtureWriter.Outcome, name: String, steps: Int) {
        switch outcome {
        case .inserted: inserted.append(name); self.steps += steps
        case .replaced: replaced.append(name); self.steps += steps
        case .unchanged: unchanged.append(name)
        }
    }
}

import Duet

/// The gates whose per-fixture passes are kept (table `fixture_passes`): their test cache.
public enum CachedGate: String, Sendable { case verify, drill }

/// One stored fixture as an incremental gate sees it: its fingerprint, and — when it passed before
/// with the same behaviour and the same `judgedWith` — the pass that stands for it now.
public struct CachedFixture: Sendable, Equatable {
    public var fingerprint: FixtureFingerprint
    public var pass: Pass?

    public struct Pass: Sendable, Equatable {
        /// The run that replayed it last.
        public var run: Int64
        public var steps: Int
        public var snapshots: Int
    }
}

/// A fixture that passed in a run, to be kept as its pass.
public struct FixturePassed: Sendable, Equatable {
    public var fixture: String
    public var steps: Int
    public var snapshots: Int
    public init(fixture: String, steps: Int, snapshots: Int = 0) { self.fixture = fixture; self.steps = steps; self.snapshots = snapshots }
}

extension CachedGate {
    /// What a verify result depends on besides the fixture's behaviour: the runner's build, its
    /// command and its `describe` answer. nil when the runner is unidentified — nothing it judged is reused.
    public static func verifyKey(build: String?, command: String, describe: String?) -> ContentHash? {
        key(build: build, [command, describe])
    }

    /// What a drill result depends on: verify's inputs, the structures it drilled with and the spine limit.
    public static func drillKey(build: String?, command: String, describe: String?, structures: String, maxSpineBytes: Int) -> ContentHash? {
        key(build: build, [command, describe, structures, String(maxSpineBytes)])
    }

    private static func key(build: String?, _ parts: [String?]) -> ContentHash? {
        guard let build else { return nil }
        var bytes: [UInt8] = []
        for part in [build] + parts {
            guard let part else { bytes.append(0); continue }
            bytes.append(1)
            bytes += Array(part.utf8)
            bytes.append(0)
        }
        return ContentHash(of: bytes)
    }
}

extension Corpus {
    /// Every stored fixture the filters select (as `drillSubjects` selects: a feature's leaves and
    /// the chains through it, or one fixture), in name order, each with the pass `gate` on
    /// `platform` keeps for it when that pass was judged with `judgedWith` and the same behaviour.
    ///
    /// ```swift
    /// let cached = try corpus.cachedFixtures(gate: .verify, platform: "swift", judgedWith: key)
    /// let toReplay = cached.filter { $0.pass == nil }.map(\.fingerprint.name)
    /// ```
    public func cachedFixtures(gate: CachedGate, platform: String, judgedWith: ContentHash?, feature: String? = nil,
                               fixture: String? = nil) throws -> [CachedFixture] {
        var result: [CachedFixture] = []
        try forEachCachedFixture(gate: gate, platform: platform, judgedWith: judgedWith, feature: feature, fixture: fixture) { result.append($0) }
        return result
    }

    /// `cachedFixtures`, one at a time in name order, so a gate over a million steps holds none of them.
    public func forEachCachedFixture(gate: CachedGate, platform: String, judgedWith: ContentHash?, feature: String? = nil,
                                     fixture: String? = nil, _ body: (CachedFixture) throws -> Void) throws {
        let select = try database.cachedStatement("""
            SELECT f.name, f.step_count, f.projection_hash, p.run_id, p.steps, p.snapshots,
                   p.behaviour = f.projection_hash AND p.judged_with = ?3
            FROM fixtures f INDEXED BY fixtures_fingerprint
            LEFT JOIN fixture_passes p ON p.gate = ?1 AND p.platform = ?2 AND p.fixture = f.name
            WHERE (?4 IS NULL OR f.feature = ?4 OR EXISTS (SELECT 1 FROM steps s WHERE s.fixture_id = f.id AND s.node = ?4))
              AND (?5 IS NULL OR f.name = ?5)
            ORDER BY f.name
            """)
        try select.forEachRow([.text(gate.rawValue), .text(platform), SQLValue(judgedWith?.bytes), SQLValue(feature), SQLValue(fixture)]) { row in
            guard let name = row.text(at: 0), let hash = row.contentHash(at: 2) else {
                throw EnvironmentError("the fixtures table holds a row without a name or behaviour hash",
                                       fix: "rebuild the corpus with `duet corpus load` (or delete corpus.db)")
            }
            let fingerprint = FixtureFingerprint(name: name, steps: row.int(at: 1), hash: hash)
            let reusable = judgedWith != nil && !row.isNull(at: 6) && row.int(at: 6) == 1
            try body(CachedFixture(fingerprint: fingerprint, pass: reusable
                ? CachedFixture.Pass(run: row.int64(at: 3), steps: row.int(at: 4), snapshots: row.int(at: 5)) : nil))
        }
    }

    /// After run `run` of `gate` on `platform`: the fixtures that passed keep a pass judged with
    /// `judgedWith` (their current behaviour), the ones that failed lose theirs (a fixture deleted
    /// loses its passes with it). With `judgedWith` nil (an unidentified runner) nothing is kept.
    public func recordFixturePasses(gate: CachedGate, platform: String, run: Int64, judgedWith: ContentHash?,
                                    passed: [FixturePassed], failed: [String]) throws {
        try write(touchesTree: false) {
            let forget = try database.cachedStatement("DELETE FROM fixture_passes WHERE gate = ? AND platform = ? AND fixture = ?")
            for name in failed + (judgedWith == nil ? passed.map(\.fixture) : []) {
                try forget.execute([.text(gate.rawValue), .text(platform), .text(name)])
            }
            guard let judgedWith else { return }
            let keep = try database.cachedStatement("""
                INSERT OR REPLACE INTO fixture_passes (gate, platform, fixture, behaviour, judged_with, run_id, steps, snapshots)
                SELECT ?1, ?2, name, projection_hash, ?3, ?4, ?5, ?6 FROM fixtures WHERE name = ?7
                """)
            for pass in passed {
                try keep.execute([.text(gate.rawValue), .text(platform), .blob(judgedWith.bytes), .integer(run),
                                  SQLValue(pass.steps), SQLValue(pass.snapshots), .text(pass.fixture)])
            }
        }
    }

    /// `recordFixturePasses` for a run that kept its outcomes compact: `passed` holds the passes
    /// (name and steps), `snapshots` the same names with their snapshot counts in place of steps (nil: 0),
    /// `failed` the names that lose theirs.
    public func recordFixturePasses(gate: CachedGate, platform: String, run: Int64, judgedWith: ContentHash?,
                                    passed: PassSet.Decoder, snapshots: PassSet.Decoder? = nil, failed: PassSet.Decoder) throws {
        try write {
            var passed = passed, failed = failed, snapshots = snapshots
            var page: [FixturePassed] = [], forgotten: [String] = []
            func flush() throws {
                try recordFixturePasses(gate: gate, platform: platform, run: run, judgedWith: judgedWith, passed: page, failed: forgotten)
                page.removeAll(keepingCapacity: true); forgotten.removeAll(keepingCapacity: true)
            }
            while let pass = try passed.next() {
                page.append(FixturePassed(fixture: pass.fixture, steps: pass.steps, snapshots: try snapshots?.next()?.steps ?? 0))
                if page.count == 4096 { try flush() }
            }
            while let name = try failed.next() {
                forgotten.append(name.fixture)
                if forgotten.count == 4096 { try flush() }
            }
            try flush()
        }
    }
}

import Duet

/// Every stored milestone up to one, oldest first, reduced to the figures a trend chart draws.
///
/// ```swift
/// let trend = try corpus.milestoneTrend(through: report)
/// trend.points.map(\.name)        // ["alpha", "beta", "beta-2"]
/// trend.points.map(\.fixtures)    // [150, 168, 175]
/// ```
public struct MilestoneTrend: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public var name: String
        public var createdAt: String
        public var fixtures: Int
        public var steps: Int
        /// Declared L0 fields per primitive.
        public var census: PrimitiveCounts
        /// Declared kinds reached by a fixture, and declared kinds.
        public var kindsReached: Int
        public var kindsDeclared: Int
        /// Navigation map size; nil in milestones recorded before maps.
        public var mapStates: Int?
        public var mapTransitions: Int?
        /// Action cases declared, sent by a fixture, and reached only by explore; nil in milestones
        /// recorded before action coverage.
        public var actionCases: ActionCases?
        /// Per platform: the gate's status (`holds`, `fails`, `not-checked`) and the fixtures it failed.
        public var verify: [String: Outcome]
        public var drill: [String: Outcome]
    }

    public struct ActionCases: Sendable, Equatable {
        public var declared: Int
        public var byFixtures: Int
        public var exploreOnly: Int
    }

    public struct Outcome: Sendable, Equatable {
        public var status: String
        public var failing: Int
    }

    public var points: [Point]

    /// Platforms any point verified or drilled, sorted.
    public var platforms: [String] { Array(Set(points.flatMap { Array($0.verify.keys) + Array($0.drill.keys) })).sorted() }
}

extension MilestoneTrend.Point {
    init(_ report: MilestoneReport) {
        name = report.name
        createdAt = report.createdAt
        fixtures = report.corpus.fixtures
        steps = report.corpus.steps
        census = report.census.declared
        kindsReached = report.coverage.declared.filter(\.reached).count
        kindsDeclared = report.coverage.declared.count
        mapStates = report.navigation.map { $0.features.reduce(0) { $0 + $1.nodes.count } }
        mapTransitions = report.navigation.map { $0.features.reduce(0) { $0 + $1.edges.count } }
        actionCases = report.actionCoverage.map { coverage in
            .init(declared: coverage.features.reduce(0) { $0 + $1.declared.count },
                  byFixtures: coverage.features.reduce(0) { $0 + $1.byFixtures.count },
                  exploreOnly: coverage.features.reduce(0) { $0 + $1.exploreOnly.count })
        }
        var verify: [String: MilestoneTrend.Outcome] = [:]
        for run in report.verify { verify[run.platform] = .init(status: run.status == "passed" ? "holds" : "fails", failing: run.failed + run.notRun) }
        for missing in report.verifyMissing ?? [] { verify[missing.platform] = .init(status: "not-checked", failing: 0) }
        self.verify = verify
        var drill: [String: MilestoneTrend.Outcome] = [:]
        for run in report.drill ?? [] { drill[run.platform] = .init(status: run.status == "passed" ? "holds" : "fails", failing: run.failingFixtures.count) }
        for missing in report.drillMissing ?? [] { drill[missing.platform] = .init(status: "not-checked", failing: 0) }
        self.drill = drill
    }
}

extension Corpus {
    /// The stored milestones created up to `report` (another of its name left out), then `report` itself.
    public func milestoneTrend(through report: MilestoneReport) throws -> MilestoneTrend {
        var points = try database.rows("""
            SELECT report FROM milestones WHERE name != ? AND created_at <= ? ORDER BY created_at, name
            """, [.text(report.name), .text(report.createdAt)]).map { row in
            MilestoneTrend.Point(try CanonicalDecoder().decode(MilestoneReport.self, from: row[0].blob ?? []))
        }
        points.append(MilestoneTrend.Point(report))
        return MilestoneTrend(points: points)
    }
}

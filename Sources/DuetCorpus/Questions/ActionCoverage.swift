import Duet

/// Which action cases and which (L0 kind, action case) transitions the fixtures of record reach,
/// per feature, and what only `duet explore` reached beyond them. Declared cases no fixture sends
/// break the golden-first rule ("record the fixture first"): `unreached` lists them.
///
/// ```swift
/// let coverage = try corpus.actionCoverage()
/// coverage.features.first { $0.feature == "timeline" }?.unreached        // []
/// coverage.features.flatMap(\.exploreOnlyTransitions).map(\.description)  // ["timeline.path.memoryDetail entered by deepLinkOpened"]
/// ```
public struct ActionCoverage: Sendable, Codable, Equatable {
    public struct Transition: Sendable, Codable, Hashable, Comparable, CustomStringConvertible {
        public var kind: String
        /// `entered` or `left`.
        public var change: String
        public var actionCase: String

        public init(kind: String, change: String, actionCase: String) { self.kind = kind; self.change = change; self.actionCase = actionCase }
        public var description: String { "\(kind) \(change) by \(actionCase)" }
        public static func < (a: Transition, b: Transition) -> Bool { (a.kind, a.change, a.actionCase) < (b.kind, b.change, b.actionCase) }
    }

    public struct Feature: Sendable, Codable, Equatable {
        public var feature: String
        /// Action cases the structure declares (empty when no structure is known).
        public var declared: [String]
        /// Cases a fixture of record sends.
        public var byFixtures: [String]
        /// Cases only the latest explore run of the feature reached.
        public var exploreOnly: [String]
        /// Declared cases no fixture sends.
        public var unreached: [String]
        public var fixtureTransitions: [Transition]
        public var exploreOnlyTransitions: [Transition]
        /// The explore run `exploreOnly` comes from (nil: the feature was never explored).
        public var exploreRun: Int64?
    }

    /// The explore run(s) read, newest first: id, when, seed, budget, steps, platforms.
    public struct ExploreRun: Sendable, Codable, Equatable {
        public var id: Int64
        public var startedAt: String
        public var seed: Int64
        public var budget: Int
        public var steps: Int
        public var platforms: String
    }

    public var features: [Feature]
    public var exploreRuns: [ExploreRun]

    /// Every declared case is sent by some fixture.
    public var holds: Bool { !features.isEmpty && features.allSatisfy(\.unreached.isEmpty) }
    public var unreached: [(feature: String, actionCase: String)] { features.flatMap { f in f.unreached.map { (f.feature, $0) } } }
}

extension Corpus {
    /// The coverage of every feature (or only `feature`) by the fixtures of record and by explore.
    public func actionCoverage(feature: String? = nil) throws -> ActionCoverage {
        var declared: [String: [String]] = [:]
        for structure in try structures() where !structure.actions.isEmpty { declared[structure.feature] = structure.actions }
        for (_, described) in try runnerDescribes().sorted(by: { $0.key < $1.key }) {
            for structure in described where declared[structure.feature] == nil && !structure.actions.isEmpty {
                declared[structure.feature] = structure.actions
            }
        }
        var byFixtures: [String: Set<String>] = [:]
        for row in try database.rows("""
            SELECT DISTINCT coalesce(s.node, f.feature), s.action_case FROM steps s JOIN fixtures f ON f.id = s.fixture_id
            WHERE s.action_case IS NOT NULL
            """) {
            guard let name = row[0].text, let actionCase = row[1].text else { continue }
            byFixtures[name, default: []].insert(actionCase)
        }
        var fixtureTransitions: [String: Set<ActionCoverage.Transition>] = [:]
        for row in try database.rows("""
            SELECT DISTINCT f.feature, t.kind, t.change, t.action_case FROM step_transitions t JOIN fixtures f ON f.id = t.fixture_id
            WHERE t.action_case IS NOT NULL
            """) {
            guard let name = row[0].text, let kind = row[1].text, let change = row[2].text, let actionCase = row[3].text else { continue }
            fixtureTransitions[name, default: []].insert(.init(kind: kind, change: change, actionCase: actionCase))
        }
        // Per feature, the latest explore run that reached anything of it.
        var explored: [String: (run: Int64, cases: Set<String>, transitions: Set<ActionCoverage.Transition>)] = [:]
        for row in try database.rows("""
            SELECT c.run_id, c.feature, c.action_case, c.kind, c.change FROM explore_coverage c
            WHERE c.run_id = (SELECT max(c2.run_id) FROM explore_coverage c2 WHERE c2.feature = c.feature)
            """) {
            guard let run = row[0].integer, let name = row[1].text, let actionCase = row[2].text else { continue }
            var entry = explored[name] ?? (run, [], [])
            if let kind = row[3].text, !kind.isEmpty, let change = row[4].text {
                entry.transitions.insert(.init(kind: kind, change: change, actionCase: actionCase))
            } else {
                entry.cases.insert(actionCase)
            }
            explored[name] = entry
        }
        let names = Set(declared.keys).union(byFixtures.keys).filter { feature == nil || $0 == feature }.sorted()
        let features = names.map { name -> ActionCoverage.Feature in
            let cases = declared[name] ?? []
            let reached = byFixtures[name] ?? []
            let fixtureMoves = fixtureTransitions[name] ?? []
            let explore = explored[name]
            return ActionCoverage.Feature(
                feature: name, declared: cases, byFixtures: (cases.filter(reached.contains) + reached.subtracting(cases).sorted()),
                exploreOnly: (explore?.cases ?? []).subtracting(reached).sorted(), unreached: cases.filter { !reached.contains($0) },
                fixtureTransitions: fixtureMoves.sorted(), exploreOnlyTransitions: (explore?.transitions ?? []).subtracting(fixtureMoves).sorted(),
                exploreRun: explore?.run)
        }
        let runIDs = Set(features.compactMap(\.exploreRun))
        let runs = try database.rows("SELECT id, started_at, seed, budget, steps, platforms FROM explore_runs ORDER BY id DESC").compactMap { row -> ActionCoverage.ExploreRun? in
            guard let id = row[0].integer, runIDs.contains(id) else { return nil }
            return ActionCoverage.ExploreRun(id: id, startedAt: row[1].text ?? "", seed: row[2].integer ?? 0, budget: Int(row[3].integer ?? 0),
                                             steps: Int(row[4].integer ?? 0), platforms: row[5].text ?? "")
        }
        return ActionCoverage(features: features, exploreRuns: runs)
    }
}

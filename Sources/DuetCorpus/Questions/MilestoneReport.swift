import Duet

/// A named, dated report on the corpus: what `duet milestone NAME` stores and renders.
public struct MilestoneReport: Sendable, Codable, Equatable {
    public var name: String
    /// ISO-8601 UTC.
    public var createdAt: String
    public var corpus: CorpusSize
    /// The latest stored verify run per platform.
    public var verify: [PlatformStatus]
    public var census: Census
    public var coverage: KindCoverage
    public var islands: IslandSweep
    /// The waiver and island entries of the manifest.
    public var ledger: [LedgerEntryVersion]
    /// What the comparison with the previous milestone uses.
    public var inventory: MilestoneInventory
    /// Against the milestone recorded before this one (nil for the first).
    public var difference: MilestoneDifference?
    /// The latest full restore drill per platform (nil in milestones recorded before drills existed).
    public var drill: [DrillStatus]? = nil

    /// The census closes and no island needs promoting.
    public var holds: Bool { census.holds && islands.holds }
}

public struct CorpusSize: Sendable, Codable, Equatable {
    public var fixtures: Int
    public var steps: Int
    /// Distinct state snapshots (initial states and expected states).
    public var snapshots: Int
    public var blobs: Int
    /// The database file's size (pages × page size).
    public var bytes: Int
}

public struct PlatformStatus: Sendable, Codable, Equatable {
    public var platform: String
    /// `passed` or `failed`.
    public var status: String
    public var startedAt: String
    public var fixtures: Int
    public var passed: Int
    public var failed: Int
    public var notRun: Int
}

/// The sets a milestone is compared on. Sorted.
public struct MilestoneInventory: Sendable, Codable, Equatable {
    /// Kinds reached by at least one fixture.
    public var kinds: [String]
    /// Declared L0 fields as `feature.field (primitive)`.
    public var fields: [String]
    public var fixtures: [String]
    /// Ledger entries as `section feature|subject|platform`.
    public var entries: [String]
}

/// What was added and removed since the previous milestone.
public struct MilestoneDifference: Sendable, Codable, Equatable {
    public var previous: String
    public var previousCreatedAt: String
    public var kinds: Change
    public var fields: Change
    public var fixtures: Change
    public var entries: Change
    /// Fixtures the latest full drill fails that it did not fail at the previous milestone (`platform: fixture`).
    public var drill: [String]? = nil

    public struct Change: Sendable, Codable, Equatable {
        public var added: [String]
        public var removed: [String]
        public var isEmpty: Bool { added.isEmpty && removed.isEmpty }
    }

    public var isEmpty: Bool { kinds.isEmpty && fields.isEmpty && fixtures.isEmpty && entries.isEmpty && (drill ?? []).isEmpty }

    public init(previous: String, previousCreatedAt: String, from old: MilestoneInventory, to new: MilestoneInventory) {
        func change(_ a: [String], _ b: [String]) -> Change {
            let before = Set(a), after = Set(b)
            return Change(added: b.filter { !before.contains($0) }, removed: a.filter { !after.contains($0) })
        }
        self.previous = previous
        self.previousCreatedAt = previousCreatedAt
        kinds = change(old.kinds, new.kinds)
        fields = change(old.fields, new.fields)
        fixtures = change(old.fixtures, new.fixtures)
        entries = change(old.entries, new.entries)
    }
}

/// A stored milestone as `milestone --list` shows it.
public struct MilestoneListing: Sendable, Codable, Equatable {
    public var name: String
    public var createdAt: String
    public var holds: Bool
    public var fixtures: Int
}

import Duet
import DuetAudit
import DuetManifest

/// A named, dated report on the corpus: what `duet milestone NAME` stores and renders.
public struct MilestoneReport: Sendable, Codable, Equatable {
    public var name: String
    /// ISO-8601 UTC.
    public var createdAt: String
    public var corpus: CorpusSize
    /// The latest *full* verify run per platform (a filtered run never stands for the whole).
    public var verify: [PlatformStatus]
    /// Platforms expected to be verified that have no full run, and why.
    public var verifyMissing: [MissingVerify]?
    /// The manifest's lint, run before the report; nil when there was no manifest.
    public var lint: LintReport?
    /// The latest stored `duet audit`; nil when none was run.
    public var audit: AuditReport?
    public var census: Census
    public var coverage: KindCoverage
    public var islands: IslandSweep
    /// The waiver and island entries of the manifest.
    public var ledger: [LedgerEntryVersion]
    /// What the comparison with the previous milestone uses.
    public var inventory: MilestoneInventory
    /// Against the milestone recorded before this one (nil for the first).
    public var difference: MilestoneDifference?
    /// The latest full restore drill per platform (nil in reports recorded before drills existed).
    public var drill: [DrillStatus]? = nil
    /// Platforms with a runner but no full restore drill, and why (nil in reports recorded before).
    public var drillMissing: [MissingVerify]? = nil
    /// Action cases and (kind, case) transitions the fixtures reach, and what only explore reached
    /// (nil in reports recorded before coverage existed).
    public var actionCoverage: ActionCoverage? = nil
    /// What the report judged now: the fixture set, the manifest and the structures (nil in reports
    /// recorded before results named their inputs).
    public var inputs: ResultInputs? = nil
    /// How the audit stands: reused or run for this report (nil when there is none, and in older reports).
    public var auditUse: String? = nil
    /// Why the stored audit does not stand for now (`stale: …`); the audit is then not checked.
    public var auditStale: String? = nil
    /// The navigation map as of this milestone (nil in reports recorded before maps existed).
    public var navigation: NavigationMap? = nil
    /// Every verify and drill failure in detail; nil when nothing failed.
    public var failures: MilestoneFailures? = nil
    /// The commit, the duet and the runners behind the report; nil when not known.
    public var build: MilestoneBuild? = nil

    /// Every check that ran holds: the census closes, no island needs promoting, every full verify
    /// run passed, the lint and the audit (when there are ones) found nothing. See `checks`.
    public var holds: Bool { !checks.contains { $0.status == .fails } }
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
    /// `full` (the only scope a milestone reads; nil in reports stored before scopes existed).
    public var scope: String?
    /// The milestone ran this verify itself (there was no full run yet).
    public var ranForMilestone: Bool?
    /// Why the runner stopped the run early, if it did.
    public var runnerFailure: String?
    /// Every fixture that did not pass, sorted.
    public var failing: [FailingFixture]?
    /// The stored run this is (nil in older reports).
    public var run: Int64? = nil
    /// How it stands for now: `run for this milestone: 1 replayed, 174 unchanged since run 11`, or
    /// `latest full run 12, on the current fixtures` (nil in older reports).
    public var use: String? = nil
    /// What the run judged (nil in older reports).
    public var inputs: ResultInputs? = nil

    public init(platform: String, status: String, startedAt: String, fixtures: Int, passed: Int, failed: Int, notRun: Int,
                scope: String? = nil, ranForMilestone: Bool? = nil, runnerFailure: String? = nil, failing: [FailingFixture]? = nil) {
        self.platform = platform; self.status = status; self.startedAt = startedAt; self.fixtures = fixtures; self.passed = passed
        self.failed = failed; self.notRun = notRun; self.scope = scope; self.ranForMilestone = ranForMilestone
        self.runnerFailure = runnerFailure; self.failing = failing
    }
}

/// A fixture that failed (or was not run) in a milestone's verify run.
public struct FailingFixture: Sendable, Codable, Equatable {
    public var fixture: String
    /// `state`, `effects`, `link`, `refused`, `runner`, `malformed`, `not-run`.
    public var kind: String
    /// 0-based step.
    public var step: Int?
    /// The first divergent JSON path.
    public var path: String?
}

/// A platform the milestone could not report a full verify run for.
/// A platform a gate (verify, the restore drill) expected to judge but could not, and why.
public struct MissingVerify: Sendable, Codable, Equatable {
    public var platform: String
    public var reason: String
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
    /// Each check as `name status` (`census holds`, `verify swift fails`); nil in older reports.
    public var checks: [String]?
    /// Failing fixtures as `platform fixture`; nil in older reports.
    public var failing: [String]?
    /// Fixtures the restore drill fails, as `platform fixture`; nil in older reports.
    public var drillFailing: [String]? = nil
    /// Action cases a fixture sends, as `feature.case`; nil in older reports.
    public var actionCases: [String]? = nil
    /// Cases and transitions only explore reached, as `feature.case` or `feature: kind change by case`; nil in older reports.
    public var exploreOnly: [String]? = nil
}

/// What was added and removed since the previous milestone.
public struct MilestoneDifference: Sendable, Codable, Equatable {
    public var previous: String
    public var previousCreatedAt: String
    public var kinds: Change
    public var fields: Change
    public var fixtures: Change
    public var entries: Change
    /// Checks whose status moved (`census: holds → fails`); nil in older reports.
    public var statusChanges: [StatusChange]?
    /// `platform fixture`: added = newly failing, removed = passing again; nil in older reports.
    public var failing: Change?
    /// The same for the restore drill; nil in older reports.
    public var drillFailing: Change? = nil
    /// Action cases the fixtures send, and what only explore reached (nil when either report predates them).
    public var actionCases: Change? = nil
    public var exploreOnly: Change? = nil
    /// What changed in the navigation map; nil when the previous milestone has no map.
    public var navigation: NavigationMapDifference? = nil

    public struct Change: Sendable, Codable, Equatable {
        public var added: [String]
        public var removed: [String]
        public var isEmpty: Bool { added.isEmpty && removed.isEmpty }
    }

    public struct StatusChange: Sendable, Codable, Equatable {
        public var check: String
        public var from: String
        public var to: String
    }

    public var isEmpty: Bool {
        kinds.isEmpty && fields.isEmpty && fixtures.isEmpty && entries.isEmpty && (statusChanges ?? []).isEmpty && (failing?.isEmpty ?? true)
            && (drillFailing?.isEmpty ?? true) && (navigation?.isEmpty ?? true) && (actionCases?.isEmpty ?? true) && (exploreOnly?.isEmpty ?? true)
    }

    public init(previous: String, previousCreatedAt: String, from old: MilestoneInventory, to new: MilestoneInventory) {
        func change(_ a: [String], _ b: [String]) -> Change {
            let before = Set(a), after = Set(b)
            return Change(added: b.filter { !before.contains($0) }, removed: a.filter { !after.contains($0) })
        }
        self.previous = previous
        self.previousCreatedAt = previousCreatedAt
        kinds = change(old.kinds, new.kinds)
        fields = change(old.fields, new.fields)
        if let before = old.actionCases, let after = new.actionCases { actionCases = change(before, after) }
        if let before = old.exploreOnly, let after = new.exploreOnly { exploreOnly = change(before, after) }
        fixtures = change(old.fixtures, new.fixtures)
        entries = change(old.entries, new.entries)
        // A report stored before checks were kept has nothing to compare them with.
        guard let before = old.checks, let after = new.checks else { return }
        func split(_ line: String) -> (String, String) {
            let cut = line.lastIndex(of: " ") ?? line.endIndex
            return (String(line[..<cut]), cut < line.endIndex ? String(line[line.index(after: cut)...]) : "")
        }
        let previousStatus = Dictionary(before.map(split), uniquingKeysWith: { a, _ in a })
        statusChanges = after.map(split).compactMap { check, status in
            previousStatus[check].flatMap { $0 == status ? nil : StatusChange(check: check, from: $0, to: status) }
        }
        failing = change(old.failing ?? [], new.failing ?? [])
        drillFailing = new.drillFailing.map { change(old.drillFailing ?? [], $0) }
    }
}

/// A stored milestone as `milestone --list` shows it.
public struct MilestoneListing: Sendable, Codable, Equatable {
    public var name: String
    public var createdAt: String
    public var holds: Bool
    public var fixtures: Int
}

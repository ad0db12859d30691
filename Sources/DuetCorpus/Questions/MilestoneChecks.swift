import DuetAudit
import DuetManifest

/// One check a milestone reports: it holds, it fails, or it was not checked (and why).
public struct MilestoneCheck: Sendable, Equatable {
    public enum Status: String, Sendable { case holds, fails, notChecked = "not-checked" }
    /// `census`, `islands`, `verify swift`, `lint`, `audit`.
    public var name: String
    public var status: Status
    public var detail: String
}

/// What the milestone needs from the gates run before it (`MilestoneGates`: the lint, an
/// incremental verify and drill of every platform whose runner can start, the audit checked again).
public struct MilestoneInputs: Sendable {
    /// The lint of the manifest; nil when there is none.
    public var lint: LintReport?
    /// Platforms the milestone verified for this report, and the run it stands on.
    public var verified: [String: GateRun]
    /// Platforms expected (a runner is configured, or runs are stored) and why none stands for now.
    public var notVerified: [String: String]
    /// Platforms the milestone drilled for this report.
    public var drilled: [String: GateRun]
    /// Platforms with a runner or stored drills and no drill standing for now, and why.
    public var notDrilled: [String: String]
    /// The audit the report stands on, when the gates checked it (reused or run again).
    public var audit: AuditUse?
    /// Why the stored audit does not stand for now and could not be run again.
    public var auditStale: String?
    /// The commit and the duet building the report (the corpus adds the runners); nil: not known.
    public var build: MilestoneBuild? = nil

    public init(lint: LintReport? = nil, verified: [String: GateRun] = [:], notVerified: [String: String] = [:],
                drilled: [String: GateRun] = [:], notDrilled: [String: String] = [:], audit: AuditUse? = nil, auditStale: String? = nil) {
        self.lint = lint; self.verified = verified; self.notVerified = notVerified
        self.drilled = drilled; self.notDrilled = notDrilled; self.audit = audit; self.auditStale = auditStale
    }
}

/// A run a gate made for the report: which, and how much of it was replayed now.
public struct GateRun: Sendable, Equatable {
    public var run: Int64
    public var replayed: Int
    /// Fixtures that stood unchanged since run `since`.
    public var reused: Int
    public var since: Int64?
    public init(run: Int64, replayed: Int, reused: Int, since: Int64?) {
        self.run = run; self.replayed = replayed; self.reused = reused; self.since = since
    }
}

/// The audit a report stands on: the stored one, when it still judges the same sources and
/// structures, or one run again for the report.
public struct AuditUse: Sendable, Equatable {
    public var id: Int64
    public var ranForReport: Bool
    public init(id: Int64, ranForReport: Bool) { self.id = id; self.ranForReport = ranForReport }
}

extension MilestoneReport {
    /// Every check, in report order. A check with nothing to judge is `notChecked`, never `holds`.
    public var checks: [MilestoneCheck] {
        var checks = [MilestoneCheck(name: "census", status: census.holds ? .holds : .fails,
                                     detail: census.holds ? "the closure check holds" : census.failures.joined(separator: "; "))]
        checks.append(MilestoneCheck(name: "islands", status: islands.holds ? .holds : .fails,
                                     detail: islands.holds ? "no island has three verbs" : "promote: " + islands.promotions.map(\.id).joined(separator: ", ")))
        for run in verify {
            checks.append(MilestoneCheck(name: "verify \(run.platform)", status: run.status == "passed" ? .holds : .fails,
                                         detail: "\(run.passed) passed, \(run.failed) failed, \(run.notRun) not run of \(run.fixtures)"
                                             + (run.use.map { "; \($0)" } ?? "")))
        }
        for missing in verifyMissing ?? [] {
            checks.append(MilestoneCheck(name: "verify \(missing.platform)", status: .notChecked, detail: missing.reason))
        }
        if verify.isEmpty && (verifyMissing ?? []).isEmpty {
            checks.append(MilestoneCheck(name: "verify", status: .notChecked,
                                         detail: "no runner is configured (runners: in parity/manifest.yaml) and no full verify run is stored"))
        }
        // Reports stored before drills existed carry no drill section and no drill check.
        if drill != nil { checks += drillChecks }
        if let lint {
            let detail = lint.unparseable ? "the manifest cannot be read (\(lint.errors.count) error(s))"
                : "\(lint.findings.count) finding(s) from \(lint.rules.count) rules; \(lint.parity.summary)"
            checks.append(MilestoneCheck(name: "lint", status: lint.holds ? .holds : .fails, detail: detail))
        } else {
            checks.append(MilestoneCheck(name: "lint", status: .notChecked, detail: "no parity/manifest.yaml was linted"))
        }
        if let auditStale {
            checks.append(MilestoneCheck(name: "audit", status: .notChecked, detail: auditStale))
        } else if let audit {
            checks.append(MilestoneCheck(name: "audit", status: audit.judgedNothing ? .notChecked : audit.holds ? .holds : .fails,
                                         detail: audit.judgedNothing ? audit.summary
                                             : "\(audit.findings.count) finding(s) in \(audit.files) file(s) under \(audit.paths.joined(separator: " ")), \(audit.createdAt)"))
        } else {
            checks.append(MilestoneCheck(name: "audit", status: .notChecked, detail: "no audit is stored: run `duet audit PATH…` over the host sources"))
        }
        return checks
    }

    /// `status` words as the inventory keeps them (`census holds`), for the next milestone's comparison.
    var checkInventory: [String] { checks.map { "\($0.name) \($0.status.rawValue)" } }
}

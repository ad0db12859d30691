import Foundation
import Duet
import DuetAudit

/// A stored audit with what it judged: the inputs (fixtures, manifest, structures), the hash of the
/// source files it read, and the directory its paths are relative to.
public struct StoredAudit: Sendable, Equatable {
    public var id: Int64
    public var report: AuditReport
    /// nil for an audit stored before results named their inputs.
    public var inputs: ResultInputs?
    public var sources: String?
    public var base: String?
}

extension Corpus {
    /// Stores an audit; the milestone reports the latest one, and checks it still judges the same
    /// sources and structures (`sources`: `ResultInputs.sourcesHash`, `base`: where its paths are relative to).
    ///
    /// ```swift
    /// let report = try SourceAudit.run(paths: ["App"], relativeTo: cwd, structures: try corpus.knownStructures(), now: Date())
    /// try corpus.storeAudit(report, inputs: try corpus.currentInputs(manifestPath: nil),
    ///                       sources: try ResultInputs.sourcesHash(paths: ["App"], base: cwd), base: cwd)
    /// try corpus.latestAudit()?.findings.count
    /// ```
    public func storeAudit(_ report: AuditReport, inputs: ResultInputs? = nil, sources: String? = nil, base: String? = nil) throws {
        try write(touchesTree: false) {
            try database.execute("""
                INSERT INTO audits(created_at, holds, findings, report, fixtures_hash, manifest_hash, structures_hash, sources_hash, base)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [
                .text(report.createdAt), SQLValue(report.holds), SQLValue(report.findings.count),
                .blob(try CanonicalEncoder().canonicalBytes(report)),
                SQLValue(inputs?.fixtures), SQLValue(inputs?.manifest), SQLValue(inputs?.structures), SQLValue(sources), SQLValue(base),
            ])
        }
    }

    /// The audit stored last, nil when none was run.
    public func latestAudit() throws -> AuditReport? { try latestStoredAudit()?.report }

    /// The audit stored last with what it judged.
    public func latestStoredAudit() throws -> StoredAudit? {
        guard let row = try database.rows("""
            SELECT id, report, fixtures_hash, manifest_hash, structures_hash, sources_hash, base FROM audits ORDER BY id DESC LIMIT 1
            """).first, let bytes = row[1].blob else { return nil }
        let inputs = row[2].text.map { ResultInputs(fixtures: $0, fixtureCount: 0, manifest: row[3].text, structures: row[4].text) }
        return StoredAudit(id: row[0].integer ?? 0, report: try CanonicalDecoder().decode(AuditReport.self, from: bytes), inputs: inputs,
                           sources: row[5].text, base: row[6].text)
    }
}

extension ResultInputs {
    /// The hash of the host sources an audit of `paths` reads (each file's path as given, and its bytes).
    public static func sourcesHash(paths: [String], base: String) throws -> String {
        var bytes: [UInt8] = []
        for file in try SourceAudit.sourceFiles(paths, base: base) {
            bytes += Array(file.display.utf8) + [0]
            bytes += ContentHash(of: [UInt8](FileManager.default.contents(atPath: file.path) ?? Data())).bytes
        }
        return ContentHash(of: bytes).hex
    }
}

/// Whether a stored audit stands for now.
public enum AuditStanding: Sendable, Equatable {
    case stands
    /// `stale: the sources changed since audit 3 (T) — run …`.
    case stale(String)
}

extension Corpus {
    /// Whether `audit` still judges what there is now: the same structures, and its sources reading
    /// the same bytes (checked again under its base directory).
    public func auditStanding(_ audit: StoredAudit, current: ResultInputs) throws -> AuditStanding {
        let what = "audit \(audit.id) (\(audit.report.createdAt))"
        let again = "run `duet audit \(audit.report.paths.joined(separator: " "))` again"
        guard let inputs = audit.inputs, let sources = audit.sources, let base = audit.base else {
            return .stale("stale: \(what) was stored before results named their inputs — \(again)")
        }
        var changed: [String] = []
        if inputs.structures != current.structures { changed.append("the structures") }
        if (try? ResultInputs.sourcesHash(paths: audit.report.paths, base: base)) != sources { changed.append("the sources") }
        guard !changed.isEmpty else { return .stands }
        return .stale("stale: \(changed.joined(separator: " and ")) changed since \(what) — \(again)")
    }
}

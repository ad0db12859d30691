/// One place in host source that `duet audit` flags.
public struct AuditFinding: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The file as given under the audited paths; for a state field found in no audited file, `describe:<feature>`.
    public var file: String
    /// 1-based; 0 when the field was found only in `describe`.
    public var line: Int
    /// `l0.write` or `manner.state`.
    public var rule: String
    /// `feature.field` the finding is about.
    public var subject: String
    public var message: String

    public init(file: String, line: Int, rule: String, subject: String, message: String) {
        self.file = file; self.line = line; self.rule = rule; self.subject = subject; self.message = message
    }

    public var description: String { "\(file):\(line): \(rule): \(message)" }
}

/// What one `duet audit PATH…` looked at and found.
///
/// ```swift
/// let report = try SourceAudit.run(paths: ["App/Sources"], structures: try corpus.knownStructures())
/// report.findings.map(\.description)   // App/Sources/Home.swift:42: l0.write: …
/// ```
public struct AuditReport: Sendable, Codable, Equatable {
    public static let rules = ["l0.write", "manner.state"]

    /// ISO-8601 UTC.
    public var createdAt: String
    public var paths: [String]
    /// Swift and Kotlin files read.
    public var files: Int
    /// Files that declare a reducer (or a helper taking `inout State`), where state is written by design.
    public var reducerFiles: Int
    /// Files importing a test framework (scenarios, tests): they build states, they host nothing.
    public var testFiles: Int
    /// The described L0 fields whose writes were looked for (`feature.field`).
    public var l0Fields: [String]
    /// Described state fields checked for manner vocabulary.
    public var stateFields: Int
    public var findings: [AuditFinding]

    public init(createdAt: String, paths: [String], files: Int, reducerFiles: Int, testFiles: Int, l0Fields: [String],
                stateFields: Int, findings: [AuditFinding]) {
        self.createdAt = createdAt; self.paths = paths; self.files = files; self.reducerFiles = reducerFiles; self.testFiles = testFiles
        self.l0Fields = l0Fields; self.stateFields = stateFields; self.findings = findings
    }

    /// No structure was known: there was nothing to look for.
    public var judgedNothing: Bool { l0Fields.isEmpty && stateFields == 0 }
    public var holds: Bool { findings.isEmpty && !judgedNothing }

    public var summary: String {
        if judgedNothing {
            return "audit judged nothing: no feature structure is known (record through a runner, or declare structure: in parity/manifest.yaml)"
        }
        let scope = "\(files) file(s): \(files - reducerFiles - testFiles) host, \(reducerFiles) reducer, \(testFiles) test; \(l0Fields.count) L0 field(s), \(stateFields) state field(s)"
        return findings.isEmpty ? "audit holds (\(scope))" : "audit fails: \(findings.count) finding(s) (\(scope))"
    }
}

/// One thing `duet lint` found: where, which rule, what is wrong and what to do.
public struct LintFinding: Sendable, Codable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var rule: String
    public var message: String
    public var fix: String

    public init(file: String, line: Int, column: Int, rule: String, message: String, fix: String) {
        self.file = file; self.line = line; self.column = column; self.rule = rule; self.message = message; self.fix = fix
    }

    public var description: String { "\(file):\(line):\(column): \(rule): \(message) — \(fix)" }
}

/// Whether the two flavors' declarations were compared, and what came of it.
public struct DeclarationParityStatus: Sendable, Codable, Equatable {
    /// Platforms whose runner has reported a `describe`, sorted.
    public var platforms: [String]
    /// False when fewer than two platforms have reported: nothing was compared.
    public var checked: Bool
    public var differences: Int

    public init(platforms: [String], checked: Bool, differences: Int) {
        self.platforms = platforms; self.checked = checked; self.differences = differences
    }

    public var summary: String {
        guard checked else {
            return platforms.isEmpty
                ? "declaration parity not checked: no runner has reported a describe (run `duet lint --refresh` or `duet record`)"
                : "declaration parity not checked: only \(platforms.joined(separator: ", ")) has reported a describe"
        }
        return differences == 0 ? "declaration parity holds between \(platforms.joined(separator: " and "))"
                                : "declaration parity fails: \(differences) difference(s) between \(platforms.joined(separator: " and "))"
    }
}

/// What `duet lint` found in one manifest.
///
/// ```swift
/// let report = ManifestLint.check(Manifest.read(path: path), inputs: inputs)
/// report.holds                     // no error, no finding
/// report.findings.map(\.description)
/// report.parity.summary            // "declaration parity not checked: only swift has reported a describe"
/// ```
public struct LintReport: Sendable, Codable, Equatable {
    public var manifest: String
    /// The manifest could not be read as the grammar says (syntax, unknown keys, types, values): exit 2.
    public var errors: [LintFinding]
    /// Rule violations, in file order: exit 1.
    public var findings: [LintFinding]
    /// Read but not ours to check (extension keys).
    public var warnings: [LintFinding]
    public var parity: DeclarationParityStatus
    /// The rules that ran (none when the manifest could not be read).
    public var rules: [String]

    public init(manifest: String, errors: [LintFinding], findings: [LintFinding], warnings: [LintFinding],
                parity: DeclarationParityStatus, rules: [String]) {
        self.manifest = manifest; self.errors = errors; self.findings = findings; self.warnings = warnings
        self.parity = parity; self.rules = rules
    }

    public var unparseable: Bool { !errors.isEmpty }
    public var holds: Bool { errors.isEmpty && findings.isEmpty }

    /// One line: `lint holds (12 rules)`, `lint fails: 3 findings`, `lint: the manifest cannot be read (2 errors)`.
    public var summary: String {
        if unparseable { return "lint: the manifest cannot be read (\(errors.count) error(s))" }
        if findings.isEmpty { return "lint holds (\(rules.count) rules; \(parity.summary))" }
        return "lint fails: \(findings.count) finding(s) (\(parity.summary))"
    }
}

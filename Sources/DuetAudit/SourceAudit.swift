import Foundation
import Duet

/// `duet audit PATH…`: host sources (Swift, Kotlin) checked against what `describe` says.
///
/// - `l0.write`: outside a reducer file (one declaring `reduce` or taking `inout State`) and test
///   code (importing a test framework, DuetTesting, or DuetScenarios: scenarios describe states as data), a write to a described L0 field — assignment (`= nil`
///   included), a stack mutation (`append`, `removeLast`, …), a Kotlin `copy(field = …)`, a SwiftUI
///   `$binding` — is a silent transition: hosts report what the user did through `send`, the reducer moves.
/// - `manner.state`: a described state field named with manner vocabulary (`detent`, `cornerRadius`,
///   `animation`, …) keeps L3 presentation in shared behaviour.
///
/// ```swift
/// let report = try SourceAudit.run(paths: ["App"], relativeTo: cwd, structures: try corpus.knownStructures(), now: Date())
/// ```
public enum SourceAudit {
    public static let extensions = ["swift", "kt", "kts"]

    public static func run(paths: [String], relativeTo base: String, structures: [FeatureStructure], now: Date) throws -> AuditReport {
        let files = try sourceFiles(paths, base: base)
        let l0 = structures.flatMap { structure in
            structure.fields.filter { $0.role.primitive != nil }.map { (structure.feature, $0.path) }
        }
        let writes = WriteRule(fields: l0)
        var findings: [AuditFinding] = []
        var reducers = 0, tests = 0
        var declarations: [String: (file: String, line: Int)] = [:]
        let mannerFields = structures.flatMap { structure in
            structure.fields.compactMap { field -> (String, String, String)? in
                let name = field.path.split(separator: ".").last.map(String.init) ?? field.path
                return MannerVocabulary.phrase(in: name).map { (structure.feature, field.path, $0) }
            }
        }
        let mannerNames = Set(mannerFields.map { $0.1.split(separator: ".").last.map(String.init) ?? $0.1 })
        for file in files {
            let text = SourceText(try String(contentsOfFile: file.path, encoding: .utf8))
            if text.lines.contains(where: WriteRule.importsTesting) {
                tests += 1
            } else if text.lines.contains(where: WriteRule.declaresReducer) {
                reducers += 1
            } else {
                findings += writes.findings(in: text, file: file.display)
            }
            for (index, line) in text.lines.enumerated() {
                for name in mannerNames where declarations[name] == nil && WriteRule.declares(name, in: line) {
                    declarations[name] = (file.display, index + 1)
                }
            }
        }
        for (feature, path, phrase) in mannerFields {
            let name = path.split(separator: ".").last.map(String.init) ?? path
            let place = declarations[name] ?? ("describe:\(feature)", 0)
            findings.append(AuditFinding(file: place.file, line: place.line, rule: "manner.state", subject: "\(feature).\(path)",
                                         message: "state field \(feature).\(path) names a manner ('\(phrase)'): how a platform presents belongs in its host code, or in a waiver when the manner class differs"))
        }
        findings.sort { ($0.file, $0.line, $0.rule) < ($1.file, $1.line, $1.rule) }
        return AuditReport(createdAt: timestamp(now), paths: paths, files: files.count, reducerFiles: reducers, testFiles: tests,
                           l0Fields: l0.map { "\($0.0).\($0.1)" }.sorted(),
                           stateFields: structures.reduce(0) { $0 + $1.fields.count }, findings: findings)
    }

    /// A file the audit reads: where it is, and its path as given under the audited paths.
    public struct SourceFile: Sendable, Equatable { public var path: String; public var display: String }

    /// The Swift and Kotlin files under `paths` (files or folders; hidden folders and build output skipped), sorted.
    public static func sourceFiles(_ paths: [String], base: String) throws -> [SourceFile] {
        var found: [SourceFile] = []
        for given in paths {
            let absolute = given.hasPrefix("/") ? given : base + "/" + given
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                throw InputError(file: given, message: "no such file or folder", fix: "pass the folders holding the app's Swift or Kotlin sources")
            }
            guard isDirectory.boolValue else {
                if extensions.contains((given as NSString).pathExtension) { found.append(SourceFile(path: absolute, display: given)) }
                continue
            }
            let enumerator = FileManager.default.enumerator(atPath: absolute)
            while let relative = enumerator?.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") || name == "build" { enumerator?.skipDescendants(); continue }
                guard extensions.contains((name as NSString).pathExtension) else { continue }
                let display = given.hasSuffix("/") ? given + relative : given + "/" + relative
                found.append(SourceFile(path: absolute + "/" + relative, display: display))
            }
        }
        guard !found.isEmpty else {
            throw InputError(file: paths.joined(separator: " "), message: "no Swift or Kotlin source found",
                             fix: "pass the folders holding the app's host sources (*.swift, *.kt)")
        }
        return found.sorted { $0.display.utf8.lexicographicallyPrecedes($1.display.utf8) }
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}

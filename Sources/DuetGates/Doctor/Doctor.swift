import Foundation
import Duet
import DuetCorpus
import DuetManifest

/// `duet doctor`: the tree's declarations against the disk and the machine — runner commands that
/// resolve, manifest paths that exist, the toolchains the runners need, a healthy corpus, and the
/// `.gitignore` lines that keep machine files out of commits.
///
/// ```swift
/// let report = Doctor(tree: tree, corpusLocation: location, environment: env).run()
/// report.holds                          // false when a check fails
/// report.checks.map(\.id)               // ["tree", "manifest", "runner.swift", …]
/// ```
public struct Doctor: Sendable {
    public var tree: RecordTree?
    public var corpusLocation: CorpusLocation
    public var environment: [String: String]
    /// How long a version probe (`kotlinc -version`) may take.
    public var probeTimeout: Double = 60

    public init(tree: RecordTree?, corpusLocation: CorpusLocation, environment: [String: String]) {
        self.tree = tree; self.corpusLocation = corpusLocation; self.environment = environment
    }

    /// Every check, in the order a newcomer would fix them.
    public func run() -> DoctorReport {
        var checks: [DoctorCheck] = []
        guard let tree else {
            checks.append(DoctorCheck(id: "tree", status: .fails, detail: "no parity/ folder here or above", fix: "run `duet init` in the package's root"))
            checks.append(corpusHealth())
            return DoctorReport(checks: checks)
        }
        checks.append(DoctorCheck(id: "tree", status: .holds, detail: tree.root))
        let (manifestCheck, reading) = manifest(tree)
        checks.append(manifestCheck)
        if let manifest = reading?.manifest {
            checks += runners(manifest, tree: tree)
            checks.append(paths(reading!))
        }
        checks += toolchains(reading?.manifest)
        checks.append(corpusHealth())
        checks.append(ignoredFiles(tree))
        return DoctorReport(checks: checks)
    }

    // MARK: - Manifest

    private func manifest(_ tree: RecordTree) -> (DoctorCheck, ManifestReading?) {
        let path = tree.absolute(Manifest.relativePath)
        guard FileManager.default.fileExists(atPath: path) else {
            return (DoctorCheck(id: "manifest", status: .fails, detail: "\(Manifest.relativePath) is missing", fix: "run `duet init`, or write it (`duet lint --help`)"), nil)
        }
        let reading = Manifest.read(path: path)
        if let error = reading.errors.first {
            return (DoctorCheck(id: "manifest", status: .fails, detail: error.description, fix: "`duet lint` lists every error"), nil)
        }
        let manifest = reading.manifest
        return (DoctorCheck(id: "manifest", status: .holds,
                            detail: "\(manifest.features.count) feature(s), runners: " + (manifest.runners.isEmpty ? "none" : manifest.runners.keys.sorted().joined(separator: ", "))),
                reading)
    }

    /// Each declared path (`swift:`, `kotlin:`, `scenario:`, …) exists: the lint's path rules.
    private func paths(_ reading: ManifestReading) -> DoctorCheck {
        let report = ManifestLint.check(reading, inputs: LintInputs())
        let missing = report.findings.filter { DoctorCheck.pathRules.contains($0.rule) }
        guard !missing.isEmpty else {
            return DoctorCheck(id: "manifest.paths", status: .holds, detail: "every path the manifest declares exists")
        }
        let shown = missing.prefix(3).map { "\($0.file):\($0.line):\($0.column): \($0.message)" }
        return DoctorCheck(id: "manifest.paths", status: .fails,
                           detail: "\(missing.count) declared path(s) missing: " + shown.joined(separator: "; ") + (missing.count > 3 ? "; …" : ""),
                           fix: "correct them in \(Manifest.relativePath) (`duet lint` lists them all)")
    }

    // MARK: - Runners

    private func runners(_ manifest: Manifest, tree: RecordTree) -> [DoctorCheck] {
        guard !manifest.runners.isEmpty else {
            return [DoctorCheck(id: "runners", status: .fails, detail: "the manifest names no runner", fix: "add runners: swift: <command> (see `duet init`)")]
        }
        return manifest.runners.sorted { $0.key < $1.key }.map { platform, command in
            RunnerResolution.check(platform: platform, command: command, root: tree.root, path: environment["PATH"] ?? "")
        }
    }

    // MARK: - Toolchains

    private func toolchains(_ manifest: Manifest?) -> [DoctorCheck] {
        let runners = manifest?.runners ?? [:]
        var wanted: [(id: String, command: String, needed: String?)] = [
            ("toolchain.swift", "swift --version", runners["swift"].map { _ in "runners.swift needs it" }),
        ]
        if runners["kotlin"] != nil { wanted.append(("toolchain.kotlinc", "kotlinc -version", "runners.kotlin is built with it")) }
        let probes = wanted
        let results = Locked([DoctorCheck?](repeating: nil, count: probes.count))
        let path = environment["PATH"] ?? ""
        let timeout = probeTimeout
        DispatchQueue.concurrentPerform(iterations: probes.count) { index in
            let probe = probes[index]
            let check = VersionProbe.check(id: probe.id, command: probe.command, neededBy: probe.needed, path: path, timeout: timeout)
            results.withLock { $0[index] = check }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    // MARK: - Corpus

    private func corpusHealth() -> DoctorCheck {
        let id = "corpus"
        let path = corpusLocation.path
        guard FileManager.default.fileExists(atPath: path) else {
            if corpusLocation.seed != nil {
                return DoctorCheck(id: id, status: .holds, detail: "\(path) is not built yet: the next verb builds it from the seed")
            }
            return DoctorCheck(id: id, status: .holds, detail: "\(path) is not built yet: the next verb builds it from the tree")
        }
        do {
            let corpus = try Corpus.open(at: path)
            let check = try corpus.check(limit: 3)
            let fixtures = try corpus.knownNames().fixtures.count
            guard check.holds else {
                return DoctorCheck(id: id, status: .fails, detail: "\(path): " + check.problems.joined(separator: "; "),
                                   fix: "delete it and run any verb: it is rebuilt from the tree (`duet corpus check` names every problem)")
            }
            return DoctorCheck(id: id, status: .holds, detail: "\(path): healthy, \(fixtures) fixture(s)")
        } catch {
            return DoctorCheck(id: id, status: .fails, detail: "\(path): \(error)",
                               fix: "delete it and run any verb to rebuild it from the tree, or `duet corpus migrate` if it is older than duet")
        }
    }

    // MARK: - .gitignore

    private func ignoredFiles(_ tree: RecordTree) -> DoctorCheck {
        let file = tree.absolute(".gitignore")
        let text = FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let patterns = IgnorePatterns(text)
        let uncovered = TreeScaffold.machineFiles.filter { !patterns.ignores($0.path, directory: $0.directory) }
        let missing = TreeScaffold.missingIgnoreLines(in: text)
        if uncovered.isEmpty, FileManager.default.fileExists(atPath: tree.absolute(CorpusLocation.seedFileName)),
           patterns.ignores(CorpusLocation.seedFileName, directory: false) {
            return DoctorCheck(id: "gitignore", status: .fails, detail: ".gitignore hides \(CorpusLocation.seedFileName), which is committed",
                               fix: "add the line \(TreeScaffold.committedSeedLine) after /corpus.db*")
        }
        guard !uncovered.isEmpty else {
            return DoctorCheck(id: "gitignore", status: .holds, detail: ".gitignore keeps " + TreeScaffold.machineFiles.map(\.path).joined(separator: ", ") + " out of commits")
        }
        return DoctorCheck(id: "gitignore", status: .fails,
                           detail: ".gitignore does not cover " + uncovered.map { $0.path + ($0.directory ? "/" : "") }.joined(separator: ", "),
                           fix: "add these lines to .gitignore: " + missing.joined(separator: " ") + " (`duet init` adds them to a new tree)")
    }
}

/// What `duet doctor` found: it holds when no check fails.
public struct DoctorReport: Sendable, Codable, Equatable {
    public var checks: [DoctorCheck]
    public var holds: Bool { !checks.contains { $0.status == .fails } }
    public var failures: [DoctorCheck] { checks.filter { $0.status == .fails } }
}

/// One thing the doctor looked at.
public struct DoctorCheck: Sendable, Codable, Equatable {
    public enum Status: String, Sendable, Codable {
        case holds, fails
        /// Not needed here (no runner uses that toolchain), or not built yet where that is expected.
        case notChecked = "not checked"
    }
    /// `tree`, `manifest`, `manifest.paths`, `runner.swift`, `toolchain.kotlinc`, `corpus`, `gitignore`.
    public var id: String
    public var status: Status
    public var detail: String
    public var fix: String?

    public init(id: String, status: Status, detail: String, fix: String? = nil) {
        self.id = id; self.status = status; self.detail = detail; self.fix = fix
    }

    static let pathRules: Set<String> = [LintRule.sourcePath.rawValue, LintRule.chainExists.rawValue, LintRule.fixturesListed.rawValue]
}

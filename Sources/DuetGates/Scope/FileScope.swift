import Foundation
import DuetCorpus
import DuetManifest

/// What governs one file of the tree: which feature it belongs to, which gates judge a change to it
/// and which fixtures those gates replay — or that nothing does.
///
/// ```swift
/// let scope = try FileScope.of("Sources/MemoryLane/Timeline/Timeline.swift", tree: tree, manifest: manifest, corpus: corpus)
/// scope.roles.map(\.role)      // [.featureSource]
/// scope.gates.map(\.command)   // ["duet verify --feature timeline", …]
/// ```
public struct FileScope: Sendable, Codable, Equatable {
    /// The file, relative to the tree.
    public var path: String
    public var exists: Bool
    /// Why the file is governed, one entry per reason; empty when nothing governs it.
    public var roles: [Governance]

    public var governed: Bool { !roles.isEmpty }
    /// Every feature the roles name, sorted.
    public var features: [String] { Array(Set(roles.flatMap(\.features))).sorted() }
    /// Every fixture the roles' gates replay, sorted.
    public var fixtures: [String] { Array(Set(roles.flatMap(\.fixtures))).sorted() }
    /// The gates, in the order of the roles, each once.
    public var gates: [ScopeGate] {
        var seen = Set<String>()
        return roles.flatMap(\.gates).filter { seen.insert($0.command).inserted }
    }

    public enum Role: String, Sendable, Codable {
        case fixture, pendingRecording = "pending-recording", manifest, mutationPlan = "mutation-plan", milestone
        case featureSource = "feature-source", scenario, kotlinTwin = "kotlin-twin", featureFolder = "feature-folder"
        case runner, mutationRow = "mutation-row"
    }

    /// One reason a file is governed.
    public struct Governance: Sendable, Codable, Equatable {
        public var role: Role
        /// What it is, in words ("the fixture of record timeline.deep-link.rebases").
        public var summary: String
        public var features: [String]
        public var fixtures: [String]
        public var gates: [ScopeGate]
    }
}

/// A gate that judges a change to the file: the command to run and what it checks there.
public struct ScopeGate: Sendable, Codable, Equatable {
    public var command: String
    public var checks: String
}

extension FileScope {
    /// The scope of `path` (absolute, or relative to the tree's root).
    public static func of(_ path: String, tree: RecordTree, manifest: Manifest?, corpus: Corpus, mutationPlan: MutationPlan? = nil) throws -> FileScope {
        let relative = tree.relative(URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: tree.root, isDirectory: true)).standardizedFileURL.path)
        var finder = ScopeFinder(tree: tree, manifest: manifest, corpus: corpus, plan: mutationPlan, path: relative)
        return FileScope(path: relative, exists: FileManager.default.fileExists(atPath: tree.absolute(relative)), roles: try finder.roles())
    }
}

/// Works out the roles of one path; each rule adds what it recognises.
private struct ScopeFinder {
    let tree: RecordTree
    let manifest: Manifest?
    let corpus: Corpus
    let plan: MutationPlan?
    let path: String
    var found: [FileScope.Governance] = []

    init(tree: RecordTree, manifest: Manifest?, corpus: Corpus, plan: MutationPlan?, path: String) {
        self.tree = tree; self.manifest = manifest; self.corpus = corpus; self.plan = plan; self.path = path
    }

    mutating func roles() throws -> [FileScope.Governance] {
        try parityFiles()
        try featureFiles()
        try kotlinTwins()
        try runnerSources()
        mutationRows()
        return found
    }

    private mutating func add(_ role: FileScope.Role, _ summary: String, features: [String] = [], fixtures: [String] = [], gates: [ScopeGate]) {
        found.append(FileScope.Governance(role: role, summary: summary, features: features, fixtures: fixtures, gates: gates))
    }

    // MARK: - parity/

    private mutating func parityFiles() throws {
        let suffix = ".fixture.json"
        if let name = Self.name(of: path, in: RecordTree.fixturesFolder, suffix: suffix) {
            var gates = [ScopeGate(command: "duet record --check", checks: "the file is what its scenario records (behaviour; metadata is rewritten, never a failure)"),
                         ScopeGate(command: "duet verify --fixture \(name) --platform all", checks: "every platform replays it byte for byte"),
                         ScopeGate(command: "duet drill restore --fixture \(name)", checks: "each of its snapshots comes back from its spine and carries on")]
            if manifest?.chains.contains(name) == true || manifest?.features.contains(where: { $0.fixtures.contains(name) }) == true {
                gates.append(ScopeGate(command: "duet lint", checks: "the manifest lists it (fixtures: / chains:)"))
            }
            add(.fixture, "the fixture of record \(name)", features: try corpus.features(ofFixture: name), fixtures: [name], gates: gates)
        } else if let name = Self.name(of: path, in: RecordTree.pendingFolder, suffix: suffix) {
            add(.pendingRecording, "the pending recording \(name), waiting for review", features: try corpus.features(ofFixture: name), fixtures: [name],
                gates: [ScopeGate(command: "duet pending show \(name)", checks: "its difference from the fixture of record"),
                        ScopeGate(command: "duet pending accept \(name)", checks: "accepted only onto the fixture file it was compared against")])
        } else if path == Manifest.relativePath {
            add(.manifest, "the manifest: runners, features, the presentation ledger and the rulings", features: manifest?.features.map(\.name) ?? [],
                gates: [ScopeGate(command: "duet lint", checks: "grammar, ledger, rulings, paths and declaration parity"),
                        ScopeGate(command: "duet census", checks: "census.rulings judge the navigation-shaped fields"),
                        ScopeGate(command: "duet islands", checks: "the island ledger against the snapshots"),
                        ScopeGate(command: "duet drill restore", checks: "drill.rulings accept findings"),
                        ScopeGate(command: "duet verify --platform all", checks: "runners: start the replays, and the lint runs with it")])
        } else if path == MutationPlan.relativePath {
            add(.mutationPlan, "the mutation plan", gates: [ScopeGate(command: "duet mutate", checks: "every row must turn verify red")])
        } else if let name = Self.name(of: path, in: RecordTree.milestonesFolder, suffix: RecordTree.milestoneSuffix) {
            add(.milestone, "the stored milestone \(name)",
                gates: [ScopeGate(command: "duet milestone NEXT", checks: "the next milestone is compared with it (written by `duet milestone \(name)`, never by hand)")])
        }
    }

    // MARK: - Features

    private mutating func featureFiles() throws {
        guard let manifest else { return }
        for feature in manifest.features {
            let fixtures = try corpus.fixtureNames(governedBy: feature.name)
            let sides = ["swift", "kotlin"].filter { feature.attributes[$0].map(Self.normalized) == path }
            if !sides.isEmpty {
                add(.featureSource, "the \(sides.joined(separator: " and ")) source of feature \(feature.name)", features: [feature.name], fixtures: fixtures,
                    gates: featureGates(feature.name, platforms: sides) + [ScopeGate(command: "duet lint", checks: "declaration parity of its state, action and effect types")])
            }
            if feature.attributes["scenario"].map(Self.normalized) == path {
                add(.scenario, "the scenarios of feature \(feature.name)", features: [feature.name], fixtures: fixtures,
                    gates: [ScopeGate(command: "duet record --check --feature \(feature.name)", checks: "its fixtures are what these scenarios record")])
            }
            // Beside the declared source: the rest of the feature's folder (routes, helpers the reducer calls).
            if sides.isEmpty, feature.attributes["scenario"].map(Self.normalized) != path, path.hasSuffix(".swift"),
               let source = feature.attributes["swift"].map(Self.normalized), Self.folder(of: source) == Self.folder(of: path), Self.folder(of: path) != "" {
                add(.featureFolder, "in the folder of feature \(feature.name)'s source (\(source))", features: [feature.name], fixtures: fixtures,
                    gates: featureGates(feature.name, platforms: ["swift"]))
            }
        }
    }

    private func featureGates(_ feature: String, platforms: [String]) -> [ScopeGate] {
        let platform = platforms == ["swift"] ? "swift" : platforms == ["kotlin"] ? "kotlin" : "all"
        return [ScopeGate(command: "duet verify --feature \(feature) --platform \(platform)", checks: "its fixtures (and the chains through it) replay byte for byte"),
                ScopeGate(command: "duet drill restore --feature \(feature) --platform \(platform)", checks: "its screens come back from their spines")]
    }

    /// A `.kt` file declaring `object X : Feature<…>("feature", …)`, or beside one and named after it (`TimelineEmbeddings.kt`).
    private mutating func kotlinTwins() throws {
        guard path.hasSuffix(".kt") else { return }
        let kotlin = "kotlin"
        guard path.hasPrefix(kotlin + "/") else { return }
        let objects = KotlinFeatureObject.all(under: tree.absolute(kotlin))
        let inside = String(path.dropFirst(kotlin.count + 1))
        let declared = objects.filter { $0.file == inside }
        let beside = declared.isEmpty
            ? objects.filter { Self.folder(of: $0.file) == Self.folder(of: inside) && Self.baseName(inside).hasPrefix($0.type) && Self.baseName(inside) != $0.type }
            : []
        for object in declared + beside {
            let how = declared.isEmpty ? "beside the Kotlin object \(object.type) (\(kotlin)/\(object.file))" : "declares the Kotlin object \(object.type)"
            add(.kotlinTwin, "the Kotlin twin of feature \(object.feature): \(how)", features: [object.feature],
                fixtures: try corpus.fixtureNames(governedBy: object.feature), gates: featureGates(object.feature, platforms: ["kotlin"]))
        }
    }

    /// The runner's own target (`swift run -q memorylane-runner` → `Sources/memorylane-runner/`): every fixture on that platform.
    private mutating func runnerSources() throws {
        guard let manifest else { return }
        for (platform, command) in manifest.runners.sorted(by: { $0.key < $1.key }) {
            let words = command.split(separator: " ").map(String.init)
            guard words.first == "swift", words.dropFirst().first == "run", let product = words.last(where: { !$0.hasPrefix("-") && $0 != "run" && $0 != "swift" }),
                  path.hasPrefix("Sources/\(product)/") else { continue }
            add(.runner, "the \(platform) runner's target (\(product), started by runners.\(platform))",
                features: try corpus.knownNames().features, fixtures: [],
                gates: [ScopeGate(command: "duet verify --platform \(platform)", checks: "every fixture replays through it"),
                        ScopeGate(command: "duet record --check", checks: "the scenarios it serves are what parity/fixtures holds")])
        }
    }

    private mutating func mutationRows() {
        for row in plan?.mutations ?? [] where Self.normalized(row.file) == path {
            add(.mutationRow, "mutated by the row \(row.name)" + (row.about.map { ": \($0)" } ?? ""),
                gates: [ScopeGate(command: "duet mutate --row \(row.name)", checks: "the fixtures still catch the mutant")])
        }
    }

    // MARK: - Paths

    private static func name(of path: String, in folder: String, suffix: String) -> String? {
        guard path.hasPrefix(folder + "/"), path.hasSuffix(suffix) else { return nil }
        let name = String(path.dropFirst(folder.count + 1).dropLast(suffix.count))
        return name.isEmpty || name.contains("/") ? nil : name
    }

    static func normalized(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    private static func folder(of path: String) -> String { path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "" }
    private static func baseName(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.split(separator: ".").first.map(String.init) ?? file
    }
}

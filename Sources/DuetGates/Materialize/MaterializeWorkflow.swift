import Foundation
import Duet
import DuetCorpus
import DuetManifest

/// `duet materialize FIXTURE#STEP`: writes one step as a standalone test per platform, and
/// `--clean` removes what it wrote (files that start with `StepTestSources.marker`).
///
/// Where they go: Swift into `Tests/<Module>Tests/Materialized/` (the test target of the feature's
/// module, read from `swift:` in the manifest; its feature type from `state: Feature.State`);
/// Kotlin into `src/test/kotlin/materialized/` of the module whose `src/main` declares the feature's object
/// (so `kotlin/build.sh test` runs it with the module's other JUnit tests).
///
/// ```swift
/// let files = try MaterializeWorkflow(corpus: corpus, tree: tree, manifest: manifest).write("splash.finds-none", step: 1)
/// files.map(\.path)   // [".../Tests/MemoryLaneTests/Materialized/Materialized_splash_finds_none_step1.swift", …]
/// ```
public struct MaterializeWorkflow {
    public let corpus: Corpus
    public let tree: RecordTree
    public let manifest: Manifest?
    /// nil: Swift, and Kotlin when the manifest names a Kotlin runner.
    public var platforms: [String]?
    public var swiftFolder: String?
    public var kotlinFolder: String?

    public init(corpus: Corpus, tree: RecordTree, manifest: Manifest?) {
        self.corpus = corpus; self.tree = tree; self.manifest = manifest
    }

    /// A file written, and how to run it.
    public struct Written: Sendable, Equatable {
        public var platform: String
        public var path: String
        public var run: String
    }

    public func write(_ fixture: String, step: Int) throws -> [Written] {
        guard let stored = try corpus.fixtures(name: fixture).first else {
            throw InputError(file: fixture, message: "no fixture of that name", fix: "`duet query fixtures` lists them")
        }
        let materialized = try MaterializedStep(stored, step: step)
        let wanted = platforms ?? (manifest?.runners["kotlin"] != nil ? ["swift", "kotlin"] : ["swift"])
        var files: [(Written, String)] = []
        for platform in wanted {
            switch platform {
            case "swift":
                let types = try Dictionary(uniqueKeysWithValues: materialized.nodes.map { ($0, try swiftType($0)) })
                let folder = try swiftFolder ?? defaultSwiftFolder(module: types[materialized.node]!.module)
                let path = folder + "/Materialized_\(materialized.identifier).swift"
                files.append((Written(platform: platform, path: path, run: "swift test --filter Materialized_\(materialized.identifier)"),
                              StepTestSources.swift(materialized, types: types)))
            case "kotlin":
                var types: [String: StepTestSources.FeatureType] = [:]
                var root = ""
                for node in materialized.nodes {
                    let found = try kotlinType(node)
                    types[node] = found.type
                    if node == materialized.node { root = found.root }
                }
                let folder = kotlinFolder ?? root + "/src/test/kotlin/materialized"
                let name = "Materialized_\(materialized.identifier)"
                let package = (types[materialized.node]!.module.isEmpty ? "" : types[materialized.node]!.module + ".") + "materialized"
                files.append((Written(platform: platform, path: folder + "/\(name).kt",
                                      run: "kotlin/build.sh test (JUnit 4: \(package).\(name))"),
                              StepTestSources.kotlin(materialized, types: types)))
            default:
                throw InputError(file: "--platform", message: "unknown platform \(platform)", fix: "use swift, kotlin or all")
            }
        }
        // Every type is resolved before anything is written: a failure writes nothing.
        for (file, text) in files { try AtomicFile.write(Array(text.utf8), to: file.path) }
        return files.map(\.0)
    }

    /// Removes the files `write` made (all of them, or one step's); returns their paths.
    public func clean(_ fixture: String? = nil, step: Int? = nil) throws -> [String] {
        let prefix = fixture.map { "\(StepTestSources.marker) \($0)#" + (step.map { "\($0) " } ?? "") }
        var removed: [String] = []
        var folders = Set<String>()
        let roots = [tree.absolute("Tests"), tree.absolute("kotlin")] + [swiftFolder, kotlinFolder].compactMap { $0 }
        for root in roots {
            guard let enumerator = FileManager.default.enumerator(atPath: root) else { continue }
            while let relative = enumerator.nextObject() as? String {
                guard relative.hasSuffix(".swift") || relative.hasSuffix(".kt") else { continue }
                let path = root + "/" + relative
                guard let head = Self.firstLine(path), head.hasPrefix(StepTestSources.marker), prefix.map(head.hasPrefix) ?? true else { continue }
                try AtomicFile.remove(path)
                removed.append(path)
                folders.insert((path as NSString).deletingLastPathComponent)
            }
        }
        for folder in folders where (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: folder)
        }
        return removed.sorted()
    }

    // MARK: - Where the feature's code is

    private func swiftType(_ feature: String) throws -> StepTestSources.FeatureType {
        let place = "\(Manifest.relativePath): features.\(feature)"
        guard let entry = manifest?.feature(named: feature) else {
            throw InputError(file: Manifest.relativePath, message: "features.\(feature) is not in the manifest",
                             fix: "add it with swift: (its source file) and state: (Feature.State)")
        }
        guard let source = entry.attributes["swift"], let module = Self.module(ofSource: source) else {
            throw InputError(file: place, message: "swift: does not name a file under Sources/<Module>/", fix: "set swift: Sources/<Module>/…")
        }
        guard let state = entry.attributes["state"], state.hasSuffix(".State"), state.count > 6 else {
            throw InputError(file: place, message: "state: does not name the feature's nested State type", fix: "set state: <Feature>.State")
        }
        return StepTestSources.FeatureType(module: module, name: String(state.dropLast(".State".count)))
    }

    static func module(ofSource source: String) -> String? {
        let parts = source.split(separator: "/")
        guard let index = parts.firstIndex(of: "Sources"), index + 2 < parts.count else { return nil }
        return String(parts[index + 1])
    }

    private func defaultSwiftFolder(module: String) throws -> String {
        let target = tree.absolute("Tests/\(module)Tests")
        guard FileManager.default.fileExists(atPath: target) else {
            throw InputError(file: "Tests/\(module)Tests", message: "no test target folder for module \(module)",
                             fix: "pass --swift-out DIR, a folder of a test target that depends on \(module)")
        }
        return target + "/Materialized"
    }

    /// The Kotlin object declaring `Feature(…)("feature", …)`, searched in the sources under `kotlin/`.
    private func kotlinType(_ feature: String) throws -> (type: StepTestSources.FeatureType, root: String) {
        let folder = tree.absolute("kotlin")
        guard let object = KotlinFeatureObject.all(under: folder).first(where: { $0.feature == feature }) else {
            throw InputError(file: "kotlin/", message: "no Kotlin object declares Feature(\"\(feature)\", …) under kotlin/*/src",
                             fix: "materialize with --platform swift, or add the feature to the Kotlin flavor")
        }
        return (StepTestSources.FeatureType(module: object.package, name: object.type), object.module.isEmpty ? folder : folder + "/" + object.module)
    }

    private func relative(_ path: String) -> String {
        path.hasPrefix(tree.root + "/") ? String(path.dropFirst(tree.root.count + 1)) : path
    }

    private static func firstLine(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = handle.readData(ofLength: 512)
        return String(decoding: head, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
    }
}

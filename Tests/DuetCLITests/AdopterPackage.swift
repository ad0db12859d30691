import Foundation
import DuetPackageGraph

/// The README's adopter package laid out in a folder — its manifest (the dependency on Duet pointed
/// at this checkout), the feature, the runner and a test — and read back as SwiftPM resolves it.
///
/// ```swift
/// let adopter = try AdopterPackage(readme: blocks, in: work)
/// adopter.products(of: "counter-runner")   // ["DuetRunner", "DuetScenarios"]
/// ```
struct AdopterPackage {
    /// The package's own targets (`swift package dump-package`).
    let graph: PackageGraph
    /// The packages it resolves (`swift package show-dependencies --format json`), as identity → path.
    let resolved: [(identity: String, path: String, dependencies: Int)]

    /// The README's dependency line, replaced by one on this checkout reached through a folder named
    /// `checkout`.
    static let upstream = #".package(url: "https://github.com/your-org/duet.git", branch: "main")"#
    /// The identity the README's URL gives the dependency, as its `package:` arguments name it.
    static let upstreamIdentity = "duet"

    /// `identity`: what the manifest's `package:` arguments become — for a path dependency on a folder
    /// named otherwise, SwiftPM names the package after the folder (the rule `duet init` prints).
    init(readme blocks: AdopterLoopTests.ReadmeBlocks, in work: URL, checkout name: String = "duet", identity: String? = nil) throws {
        guard blocks.manifest.contains(Self.upstream), blocks.manifest.contains(#"package: "\#(Self.upstreamIdentity)")"#) else {
            throw AdopterLoopTests.Failure("the README's Package.swift no longer depends on Duet as \(Self.upstream); update AdopterPackage.upstream")
        }
        let checkout = work.appendingPathComponent(name), folder = work.appendingPathComponent("Counter")
        try FileManager.default.createSymbolicLink(at: checkout, withDestinationURL: packageRoot)
        let manifest = blocks.manifest.replacingOccurrences(of: Self.upstream, with: #".package(path: "../\#(name)")"#)
            .replacingOccurrences(of: #"package: "\#(Self.upstreamIdentity)")"#, with: #"package: "\#(identity ?? Self.upstreamIdentity)")"#)
        let files = [
            "Package.swift": manifest,
            "Sources/CounterFeature/Counter.swift": blocks.feature,
            "Sources/counter-runner/main.swift": blocks.runner,
            "Tests/CounterFeatureTests/CounterTests.swift": blocks.tests,
        ]
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        graph = try PackageGraph.dumped(root: folder).graph
        let tree = try JSONSerialization.jsonObject(with: PackageGraph.swiftPackage(["show-dependencies", "--format", "json"], root: folder))
        resolved = ((tree as? [String: Any])?["dependencies"] as? [[String: Any]] ?? []).map { dependency in
            (dependency["identity"] as? String ?? "?", dependency["path"] as? String ?? "?", (dependency["dependencies"] as? [Any])?.count ?? -1)
        }
    }

    /// The products of other packages `target` depends on, as `package/product`.
    func products(of target: String) -> [String] {
        let dependencies = graph.targets.first { $0.name == target }?.dependencies ?? []
        return dependencies.compactMap { dependency in dependency.package.map { "\($0)/\(dependency.name)" } }
    }
}

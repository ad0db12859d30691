/// The line between what an app links and the toolchain (DESIGN.md §2), judged on a package graph:
/// the framework's modules are the only library products and reach nothing but each other; `duet`
/// is the only executable product; the reference app links the framework only.
///
/// ```swift
/// FrameworkLines.crossings(in: graph)   // [] when the lines hold; else one sentence per crossing
/// ```
package enum FrameworkLines {
    /// What an app links: its features `Duet` (and `DuetScenarios` for its scenarios), its runner
    /// target `DuetRunner`, its tests `DuetTesting`.
    package static let framework: Set<String> = ["Duet", "DuetScenarios", "DuetRunner", "DuetTesting"]
    /// The reference app, built as an adopter builds theirs.
    package static let app: Set<String> = ["MemoryLane", "memorylane-runner"]
    /// The toolchain's one product.
    package static let toolchain = "duet"

    package static func crossings(in graph: PackageGraph) -> [String] {
        var found: [String] = []
        let libraries = graph.products.filter { $0.kind == "library" }
        for product in libraries where !Set(product.targets).isSubset(of: framework) {
            found.append("library product \(product.name) exports \(product.targets.filter { !framework.contains($0) }.joined(separator: ", ")): "
                         + "only the framework is a library product; the toolchain ships as `\(toolchain)`")
        }
        for module in framework.sorted() where !libraries.contains(where: { $0.targets.contains(module) }) {
            found.append("\(module) is no library product: an adopter cannot link it")
        }
        for product in graph.products where product.kind != "library" && product.name != toolchain {
            found.append("\(product.kind) product \(product.name): benches, fuzzers and sample runners are targets, not products")
        }
        for module in framework.sorted() {
            if let chain = graph.escape(from: module, within: framework) {
                found.append("framework module \(module) reaches \(chain.last!), which an app must not link: \(chain.joined(separator: " → "))")
            }
        }
        for module in app.sorted() {
            if let chain = graph.escape(from: module, within: framework.union(app)) {
                found.append("the reference app's \(module) reaches \(chain.last!), which an app must not link: \(chain.joined(separator: " → "))")
            }
        }
        return found
    }

    /// Where a package that compiles some of `root`'s targets from the same sources (tools/fuzz)
    /// gives one of them other dependencies than `root` does.
    package static func mirrorDifferences(root: PackageGraph, mirror: PackageGraph) -> [String] {
        let rootTargets = Dictionary(root.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return mirror.targets.compactMap { target in
            guard let original = rootTargets[target.name] else { return nil }
            let (have, want) = (Set(target.dependencies.map(\.name)), Set(original.dependencies.map(\.name)))
            guard have != want else { return nil }
            return "\(target.name): \(root.name) depends on [\(want.sorted().joined(separator: ", "))], "
                + "\(mirror.name) on [\(have.sorted().joined(separator: ", "))]"
        }
    }
}

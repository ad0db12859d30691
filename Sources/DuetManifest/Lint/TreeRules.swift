import Foundation

/// The rules that look at the tree: source paths and fixture files.
enum TreeRules {
    static let fixtureSuffix = ".fixture.json"

    static func check(_ manifest: Manifest, into found: inout LintCollector) {
        let root = manifest.root
        func exists(_ relative: String) -> Bool {
            FileManager.default.fileExists(atPath: URL(fileURLWithPath: relative, relativeTo: URL(fileURLWithPath: root, isDirectory: true)).path)
        }
        func requirePath(_ relative: String, at path: String, _ what: String) {
            guard !exists(relative) else { return }
            found.add(.sourcePath, at: path, "\(what) '\(relative)' does not exist (relative to \(root))",
                      fix: "correct the path, relative to the folder holding parity/")
        }
        for feature in manifest.features {
            for key in ["swift", "kotlin", "scenario"] {
                guard let value = feature.attributes[key], !(key == "kotlin" && value == "pending") else { continue }
                requirePath(value, at: "\(feature.path).\(key)", "\(key): of feature '\(feature.name)'")
            }
        }
        if let replayRunner = manifest.replayRunner { requirePath(replayRunner, at: "replayRunner", "replayRunner:") }
        for generator in manifest.mocks?.generators ?? [] {
            if let package = generator.package { requirePath(package, at: "\(generator.path).package", "package: of generator '\(generator.name)'") }
            for (index, source) in generator.sources.enumerated() {
                requirePath(source, at: "\(generator.path).sources[\(index)]", "source root of generator '\(generator.name)'")
            }
        }
        checkFixtures(manifest, root: root, into: &found)
    }

    /// Upstream's fixture symmetry, for features that list `fixtures:`; chains must exist.
    private static func checkFixtures(_ manifest: Manifest, root: String, into found: inout LintCollector) {
        let listing = manifest.features.filter { !$0.fixtures.isEmpty }
        guard !listing.isEmpty || !manifest.chains.isEmpty else { return }
        let onDisk = fixtureNames(in: root + "/parity/fixtures")
        let chains = Set(manifest.chains)
        for (index, chain) in manifest.chains.enumerated() where !onDisk.contains(chain) {
            found.add(.chainExists, at: "chains[\(index)]", "chain '\(chain)' has no file parity/fixtures/\(chain)\(fixtureSuffix)",
                      fix: "record the chain, or remove it from chains:")
        }
        for feature in listing {
            let listed = Set(feature.fixtures)
            for (index, fixture) in feature.fixtures.enumerated() where !onDisk.contains(fixture) {
                found.add(.fixturesListed, at: "\(feature.path).fixtures[\(index)]",
                          "fixture '\(fixture)' of feature '\(feature.name)' has no file parity/fixtures/\(fixture)\(fixtureSuffix)",
                          fix: "record it, or remove it from the list")
            }
            let owned = onDisk.filter { $0 == feature.name || $0.hasPrefix(feature.name + ".") }
            for fixture in owned.sorted() where !listed.contains(fixture) && !chains.contains(fixture) {
                found.add(.fixturesUnlisted, at: "\(feature.path).fixtures",
                          "parity/fixtures/\(fixture)\(fixtureSuffix) belongs to feature '\(feature.name)' but is not listed",
                          fix: "add '- \(fixture)' under fixtures:, list it under chains:, or delete the file")
            }
        }
    }

    /// Fixture names (file names without the suffix) below `directory`; empty when it does not exist.
    static func fixtureNames(in directory: String) -> Set<String> {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var names: Set<String> = []
        for case let relative as String in enumerator {
            let name = (relative as NSString).lastPathComponent
            if name.hasSuffix(fixtureSuffix) { names.insert(String(name.dropLast(fixtureSuffix.count))) }
        }
        return names
    }
}

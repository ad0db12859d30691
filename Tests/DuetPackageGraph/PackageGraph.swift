import Foundation

/// The target graph as SwiftPM resolves `Package.swift` (`swift package dump-package`), so a
/// dependency counts however it is spelled (`"Name"`, `.target(name:)`, `.product(name:package:)`).
package struct PackageGraph: Decodable, Sendable {
    package struct Target: Decodable, Sendable {
        package var name: String
        /// `regular`, `executable`, `test`, `system`, … as SwiftPM writes it.
        package var type: String
        package var dependencies: [Dependency]
    }

    /// A dependency by name; SwiftPM writes `{"byName": [name, condition]}`, `{"target": [...]}`
    /// or `{"product": [name, package, ...]}`. Another form stops the read rather than being skipped.
    package struct Dependency: Decodable, Sendable {
        package var name: String
        /// For a product of another package, that package's identity (`.product(name:package:)`).
        package var package: String?

        private struct Kind: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        package init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Kind.self)
            guard let kind = container.allKeys.first, ["byName", "target", "product"].contains(kind.stringValue) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                        debugDescription: "a dependency of a kind this check does not know: \(container.allKeys.map(\.stringValue))"))
            }
            var fields = try container.nestedUnkeyedContainer(forKey: kind)
            name = try fields.decode(String.self)
            package = kind.stringValue == "product" ? try fields.decodeIfPresent(String.self) : nil
        }
    }

    /// A product as SwiftPM writes it: `{"library": [...]}`, `{"executable": null}`, … as `type`.
    package struct Product: Decodable, Sendable {
        package var name: String
        package var targets: [String]
        /// `library`, `executable`, `plugin`, … (the key SwiftPM writes).
        package var kind: String

        private enum CodingKeys: String, CodingKey { case name, targets, type }
        private struct Kind: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        package init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            targets = try container.decode([String].self, forKey: .targets)
            guard let kind = try container.nestedContainer(keyedBy: Kind.self, forKey: .type).allKeys.first else {
                throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath, debugDescription: "product \(name) has no type"))
            }
            self.kind = kind.stringValue
        }
    }

    package var name: String
    package var targets: [Target]
    package var products: [Product]

    /// Reads the package at `root` through the `swift` on PATH.
    package static func dumped(root: URL) throws -> (graph: PackageGraph, json: Data) {
        let json = try swiftPackage(["dump-package"], root: root)
        return (try JSONDecoder().decode(PackageGraph.self, from: json), json)
    }

    /// `swift package SUBCOMMAND…` on the package at `root`, in a scratch folder of its own so it
    /// never waits on the lock of a build that is running these tests; its stdout.
    package static func swiftPackage(_ arguments: [String], root: URL) throws -> Data {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("duet-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PackageReadError("swift package \(arguments.joined(separator: " ")) exited \(process.terminationStatus) in \(root.path): "
                                   + String(decoding: message, as: UTF8.self))
        }
        return data
    }

    /// Every non-test target (the harness itself aside) that reaches `harness`, with the shortest
    /// chain of dependencies that does it, e.g. `memorylane-runner → MemoryLane → DuetTesting`.
    package func productionTargets(reaching harness: String) -> [(target: String, path: [String])] {
        targets.filter { $0.type != "test" && $0.name != harness }.compactMap { target in
            path(from: target.name, to: harness).map { (target.name, $0) }
        }
    }

    /// Breadth first over target dependencies; names that are no target here (other packages' products) end a path.
    package func path(from start: String, to goal: String) -> [String]? {
        path(from: start) { $0 == goal }
    }

    /// The shortest chain from `start` to a target outside `allowed` (`start` itself aside), or nil
    /// when everything `start` reaches is allowed.
    package func escape(from start: String, within allowed: Set<String>) -> [String]? {
        path(from: start) { $0 != start && !allowed.contains($0) }
    }

    /// Every target `start` reaches, itself included.
    package func reach(from start: String) -> Set<String> {
        var reached: Set<String> = []
        _ = path(from: start) { reached.insert($0); return false }
        return reached
    }

    private func path(from start: String, until isGoal: (String) -> Bool) -> [String]? {
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var cameFrom: [String: String] = [:]
        var frontier = [start], seen: Set = [start]
        while !frontier.isEmpty {
            var next: [String] = []
            for name in frontier {
                if isGoal(name) {
                    var path = [name]
                    while let previous = cameFrom[path[0]] { path.insert(previous, at: 0) }
                    return path
                }
                for dependency in byName[name]?.dependencies ?? [] where seen.insert(dependency.name).inserted {
                    cameFrom[dependency.name] = name
                    next.append(dependency.name)
                }
            }
            frontier = next
        }
        return nil
    }
}

package struct PackageReadError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

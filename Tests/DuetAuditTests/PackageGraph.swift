import Foundation

/// The target graph as SwiftPM resolves `Package.swift` (`swift package dump-package`), so a
/// dependency counts however it is spelled (`"Name"`, `.target(name:)`, `.product(name:package:)`).
struct PackageGraph: Decodable, Sendable {
    struct Target: Decodable, Sendable {
        var name: String
        /// `regular`, `executable`, `test`, `system`, … as SwiftPM writes it.
        var type: String
        var dependencies: [Dependency]
    }

    /// A dependency by name; SwiftPM writes `{"byName": [name, condition]}`, `{"target": [...]}`
    /// or `{"product": [name, package, ...]}`. Another form stops the read rather than being skipped.
    struct Dependency: Decodable, Sendable {
        var name: String

        private struct Kind: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Kind.self)
            guard let kind = container.allKeys.first, ["byName", "target", "product"].contains(kind.stringValue) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                        debugDescription: "a dependency of a kind this check does not know: \(container.allKeys.map(\.stringValue))"))
            }
            var fields = try container.nestedUnkeyedContainer(forKey: kind)
            name = try fields.decode(String.self)
        }
    }

    var name: String
    var targets: [Target]

    /// Reads the package at `root` through the `swift` on PATH, in a scratch folder of its own so
    /// it never waits on the lock of a build that is running these tests.
    static func dumped(root: URL) throws -> (graph: PackageGraph, json: Data) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("duet-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let json = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PackageReadError("swift package dump-package exited \(process.terminationStatus) in \(root.path): "
                                   + String(decoding: message, as: UTF8.self))
        }
        return (try JSONDecoder().decode(PackageGraph.self, from: json), json)
    }

    /// Every non-test target (the harness itself aside) that reaches `harness`, with the shortest
    /// chain of dependencies that does it, e.g. `memorylane-runner → MemoryLane → DuetTesting`.
    func productionTargets(reaching harness: String) -> [(target: String, path: [String])] {
        targets.filter { $0.type != "test" && $0.name != harness }.compactMap { target in
            path(from: target.name, to: harness).map { (target.name, $0) }
        }
    }

    /// Breadth first over target dependencies; names that are no target here (other packages' products) end a path.
    func path(from start: String, to goal: String) -> [String]? {
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var cameFrom: [String: String] = [:]
        var frontier = [start], seen: Set = [start]
        while !frontier.isEmpty {
            var next: [String] = []
            for name in frontier {
                if name == goal {
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

struct PackageReadError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

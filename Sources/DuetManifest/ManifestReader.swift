import Foundation

/// A manifest that does not have the expected shape: file, line, column, and what to write instead.
public struct ManifestError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

extension Manifest {
    public static let relativePath = "parity/manifest.yaml"

    /// Reads and checks the manifest at `path`.
    public static func load(path: String) throws -> Manifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ManifestError(file: path, line: 1, column: 1, message: "cannot read the manifest")
        }
        return try parse(String(decoding: data, as: UTF8.self), file: path)
    }

    /// The nearest `parity/manifest.yaml` walking up from `directory`, if any.
    public static func locate(from directory: String) -> String? {
        var url = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent(relativePath).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    public static func parse(_ text: String, file: String) throws -> Manifest {
        let root = try YAMLNode.parse(text, file: file)
        let reader = Reader(file: file)
        guard root.pairs != nil else { throw reader.error(root, "the manifest must be a mapping of sections") }
        var manifest = Manifest(file: file)
        if let runners = root["runners"] {
            for (platform, command) in try reader.mapping(runners, "runners") {
                manifest.runners[platform] = try reader.string(command, "runners.\(platform)")
            }
        }
        if let features = root["features"] {
            manifest.features = try reader.mapping(features, "features").map { try reader.feature($0.key, $0.value) }
        }
        if let chains = root["chains"] { manifest.chains = try reader.strings(chains, "chains") }
        if let presentation = root["presentation"] {
            if let waivers = presentation["waivers"] {
                manifest.waivers = try reader.sequence(waivers, "presentation.waivers").map(reader.waiver)
            }
            if let islands = presentation["islands"] {
                manifest.islands = try reader.sequence(islands, "presentation.islands").map(reader.island)
            }
        }
        if let rulings = root["census"]?["rulings"] {
            manifest.rulings = try reader.sequence(rulings, "census.rulings").map(reader.ruling)
        }
        if let rulings = root["drill"]?["rulings"] {
            manifest.drillRulings = try reader.sequence(rulings, "drill.rulings").map(reader.drillRuling)
        }
        return manifest
    }
}

/// Shape checks with messages that name the key and the place.
private struct Reader {
    let file: String

    func error(_ node: YAMLNode, _ message: String) -> ManifestError {
        ManifestError(file: file, line: node.mark.line, column: node.mark.column, message: message)
    }
    func location(_ node: YAMLNode) -> ManifestLocation { ManifestLocation(line: node.mark.line, column: node.mark.column) }

    func string(_ node: YAMLNode, _ key: String) throws -> String {
        guard let value = node.scalar else { throw error(node, "\(key) must be a plain value") }
        return value
    }
    func mapping(_ node: YAMLNode, _ key: String) throws -> [(key: String, value: YAMLNode)] {
        if node.scalar == "" { return [] }
        guard let pairs = node.pairs else { throw error(node, "\(key) must be a mapping") }
        return pairs
    }
    func sequence(_ node: YAMLNode, _ key: String) throws -> [YAMLNode] {
        if node.scalar == "" { return [] }
        guard let items = node.items else { throw error(node, "\(key) must be a list") }
        return items
    }
    func strings(_ node: YAMLNode, _ key: String) throws -> [String] {
        try sequence(node, key).map { try string($0, key) }
    }
    func required(_ node: YAMLNode, _ key: String, in section: String) throws -> String {
        guard let value = node[key] else { throw error(node, "\(section) entry needs '\(key)'") }
        return try string(value, "\(section).\(key)")
    }
    func optional(_ node: YAMLNode, _ key: String, in section: String) throws -> String? {
        try node[key].map { try string($0, "\(section).\(key)") }
    }

    func feature(_ name: String, _ node: YAMLNode) throws -> FeatureEntry {
        var attributes: [String: String] = [:]
        var fixtures: [String] = []
        var structure: [(field: String, primitive: String)] = []
        for (key, value) in try mapping(node, "features.\(name)") {
            switch key {
            case "fixtures": fixtures = try strings(value, "features.\(name).fixtures")
            case "structure":
                for (field, primitive) in try mapping(value, "features.\(name).structure") {
                    let kind = try string(primitive, "features.\(name).structure.\(field)")
                    guard ["path", "slot", "tabs", "stage"].contains(kind) else {
                        throw error(primitive, "'\(kind)' is not an L0 primitive; use path, slot, tabs or stage")
                    }
                    structure.append((field, kind))
                }
            default: attributes[key] = try string(value, "features.\(name).\(key)")
            }
        }
        return FeatureEntry(name: name, attributes: attributes, fixtures: fixtures, structure: structure, location: location(node))
    }

    func waiver(_ node: YAMLNode) throws -> Waiver {
        let s = "presentation.waivers"
        return Waiver(kind: try required(node, "kind", in: s), feature: try required(node, "feature", in: s),
                      platform: try required(node, "platform", in: s), manner: try required(node, "manner", in: s),
                      reason: try required(node, "reason", in: s), since: try required(node, "since", in: s), location: location(node))
    }

    func island(_ node: YAMLNode) throws -> IslandEntry {
        let s = "presentation.islands"
        return IslandEntry(id: try required(node, "id", in: s), feature: try required(node, "feature", in: s),
                           platform: try optional(node, "platform", in: s), boundary: try required(node, "boundary", in: s),
                           internals: try optional(node, "internals", in: s), reason: try required(node, "reason", in: s),
                           since: try required(node, "since", in: s), location: location(node))
    }

    func drillRuling(_ node: YAMLNode) throws -> DrillRuling {
        let s = "drill.rulings"
        let step = try optional(node, "step", in: s)
        guard step.map({ Int($0).map { $0 >= 0 } ?? false }) ?? true else {
            throw error(node["step"] ?? node, "\(s).step must be a 0-based step number")
        }
        return DrillRuling(fixture: try required(node, "fixture", in: s), step: step.flatMap { Int($0) }, rule: try required(node, "rule", in: s),
                           path: try optional(node, "path", in: s), reason: try required(node, "reason", in: s),
                           since: try required(node, "since", in: s), location: location(node))
    }

    func ruling(_ node: YAMLNode) throws -> CensusRuling {
        let s = "census.rulings"
        return CensusRuling(field: try required(node, "field", in: s), ruling: try required(node, "ruling", in: s),
                            reason: try required(node, "reason", in: s), since: try required(node, "since", in: s), location: location(node))
    }
}

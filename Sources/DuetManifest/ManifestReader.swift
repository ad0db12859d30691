/// Reads a YAML tree as a manifest, strictly: every key is known (per-feature and per-generator
/// keys excepted — upstream keeps them as extensions, so they warn), every value has its type,
/// enumerated values come from `ManifestVocabulary`. Errors are collected, not thrown, so one
/// reading names every problem; entries with an error are left out of the manifest.
struct ManifestReader {
    let file: String
    private(set) var errors: [ManifestError] = []
    private var warnings: [ManifestError] = []
    private var places: [String: ManifestLocation] = [:]

    init(file: String) { self.file = file }

    static let topLevel = ["features", "chains", "presentation", "mocks", "replayRunner", "runners", "census"]
    static let featureScalars = ["swift", "kotlin", "state", "action", "effectPayload", "scenario"]
    static let featureKeys = featureScalars + ["fixtures", "structure"]

    mutating func read(_ root: YAMLNode) -> Manifest {
        var manifest = Manifest(file: file)
        guard let pairs = mapping(root, "the manifest") else { return manifest }
        for pair in pairs {
            let path = pair.key, node = pair.value
            note(path, node)
            switch pair.key {
            case "features":
                manifest.features = (mapping(node, path) ?? []).compactMap { feature($0) }
            case "chains":
                manifest.chains = strings(node, path)
            case "presentation":
                for inner in checkedKeys(node, path, known: ["waivers", "islands"]) {
                    let innerPath = "\(path).\(inner.key)"
                    note(innerPath, inner.value)
                    let items = sequence(inner.value, innerPath).enumerated()
                    if inner.key == "waivers" {
                        manifest.waivers = items.compactMap { waiver($0.element, "\(innerPath)[\($0.offset)]") }
                    } else {
                        manifest.islands = items.compactMap { island($0.element, "\(innerPath)[\($0.offset)]") }
                    }
                }
            case "census":
                for inner in checkedKeys(node, path, known: ["rulings"]) {
                    let innerPath = "\(path).rulings"
                    note(innerPath, inner.value)
                    manifest.rulings = sequence(inner.value, innerPath).enumerated()
                        .compactMap { ruling($0.element, "\(innerPath)[\($0.offset)]") }
                }
            case "runners":
                for runner in mapping(node, path) ?? [] {
                    let runnerPath = "\(path).\(runner.key)"
                    note(runnerPath, runner.value)
                    guard ManifestVocabulary.flavors.contains(runner.key) else {
                        error(at: runner.keyMark, "unknown runner platform '\(runner.key)'",
                              fix: "use \(ManifestVocabulary.flavors.joined(separator: " or "))" + suggestion(runner.key, ManifestVocabulary.flavors))
                        continue
                    }
                    if let command = string(runner.value, runnerPath) { manifest.runners[runner.key] = command }
                }
            case "replayRunner":
                manifest.replayRunner = string(node, path)
            case "mocks":
                manifest.mocks = mocks(node, path)
            default:
                error(at: pair.keyMark, "unknown top-level key '\(pair.key)'",
                      fix: "the sections are " + Self.topLevel.joined(separator: ", ") + suggestion(pair.key, Self.topLevel))
            }
        }
        manifest.places = places
        manifest.warnings = warnings
        return manifest
    }

    // MARK: - Sections

    private mutating func feature(_ pair: YAMLNode.Pair) -> FeatureEntry? {
        let path = "features.\(pair.key)"
        var entry = FeatureEntry(name: pair.key, attributes: [:], fixtures: [], structure: [],
                                 location: ManifestLocation(line: pair.keyMark.line, column: pair.keyMark.column))
        places[path] = entry.location
        for (key, value) in (mapping(pair.value, path) ?? []).map({ ($0.key, $0.value) }) {
            let keyPath = "\(path).\(key)"
            note(keyPath, value)
            switch key {
            case "fixtures": entry.fixtures = strings(value, keyPath)
            case "structure":
                entry.declaresStructure = true
                for declared in mapping(value, keyPath) ?? [] {
                    let fieldPath = "\(keyPath).\(declared.key)"
                    note(fieldPath, declared.value)
                    guard let primitive = string(declared.value, fieldPath) else { continue }
                    guard ManifestVocabulary.primitives.contains(primitive) else {
                        error(at: declared.value.mark, "'\(primitive)' is not an L0 primitive",
                              fix: "use path, slot, tabs or stage" + suggestion(primitive, ManifestVocabulary.primitives))
                        continue
                    }
                    entry.structure.append((declared.key, primitive))
                }
            default:
                if Self.featureScalars.contains(key) {
                    if let text = string(value, keyPath) { entry.attributes[key] = text }
                } else {
                    warnings.append(ManifestError(file: file, line: value.mark.line, column: value.mark.column,
                                                  message: "feature '\(pair.key)' has the key '\(key)', which duet does not read (kept as an extension)",
                                                  fix: "the feature keys duet reads are " + Self.featureKeys.joined(separator: ", ")
                                                      + suggestion(key, Self.featureKeys)))
                    if let text = value.scalar, !value.isNull { entry.attributes[key] = text }
                }
            }
        }
        return entry
    }

    private mutating func waiver(_ node: YAMLNode, _ path: String) -> Waiver? {
        guard let v = entry(node, path, section: "waiver", required: ["kind", "feature", "platform", "manner", "reason", "since"]) else { return nil }
        guard platform(v["platform"]!, node, path) else { return nil }
        var waiver = Waiver(kind: v["kind"]!, feature: v["feature"]!, platform: v["platform"]!, manner: v["manner"]!,
                            reason: v["reason"]!, since: v["since"]!, location: location(node))
        waiver.path = path
        return waiver
    }

    private mutating func island(_ node: YAMLNode, _ path: String) -> IslandEntry? {
        guard let v = entry(node, path, section: "island", required: ["id", "feature", "boundary", "reason", "since"],
                            optional: ["platform", "internals"]) else { return nil }
        if let platform = v["platform"], !self.platform(platform, node, path) { return nil }
        var island = IslandEntry(id: v["id"]!, feature: v["feature"]!, platform: v["platform"], boundary: v["boundary"]!,
                                 internals: v["internals"], reason: v["reason"]!, since: v["since"]!, location: location(node))
        island.path = path
        return island
    }

    private mutating func ruling(_ node: YAMLNode, _ path: String) -> CensusRuling? {
        guard let v = entry(node, path, section: "census ruling", required: ["field", "ruling", "reason", "since"]) else { return nil }
        guard ManifestVocabulary.rulings.contains(v["ruling"]!) else {
            error(at: node["ruling"]!.mark, "unknown ruling '\(v["ruling"]!)'",
                  fix: "a ruling says what the field is instead of an L0 field: " + ManifestVocabulary.rulings.joined(separator: ", ")
                      + "; a field that is navigation belongs in the structure as path, slot, tabs or stage")
            return nil
        }
        var ruling = CensusRuling(field: v["field"]!, ruling: v["ruling"]!, reason: v["reason"]!, since: v["since"]!, location: location(node))
        ruling.path = path
        return ruling
    }

    private mutating func mocks(_ node: YAMLNode, _ path: String) -> Mocks {
        var mocks = Mocks(bundle: nil, generators: [])
        for pair in checkedKeys(node, path, known: ["bundle", "generators"]) {
            let keyPath = "\(path).\(pair.key)"
            note(keyPath, pair.value)
            if pair.key == "bundle" { mocks.bundle = string(pair.value, keyPath); continue }
            for row in mapping(pair.value, keyPath) ?? [] {
                let rowPath = "\(keyPath).\(row.key)"
                note(rowPath, row.value)
                var output: String?, template: String?, package: String?, sources: [String] = [], args: [String] = []
                for field in mapping(row.value, rowPath) ?? [] {
                    let fieldPath = "\(rowPath).\(field.key)"
                    note(fieldPath, field.value)
                    switch field.key {
                    case "output": output = string(field.value, fieldPath)
                    case "template": template = string(field.value, fieldPath)
                    case "package": package = string(field.value, fieldPath)
                    case "sources": sources = strings(field.value, fieldPath)
                    case "args": args = strings(field.value, fieldPath)
                    default:
                        warnings.append(ManifestError(file: file, line: field.keyMark.line, column: field.keyMark.column,
                                                      message: "generator '\(row.key)' has the key '\(field.key)', which duet does not read (kept as an extension)"))
                    }
                }
                guard let output, let template else {
                    error(at: row.keyMark, "generator '\(row.key)' needs \(output == nil ? "output" : "template")",
                          fix: "each generator row names its output: and template:")
                    continue
                }
                mocks.generators.append(MockGenerator(name: row.key, output: output, template: template, package: package,
                                                      sources: sources, args: args))
            }
        }
        return mocks
    }

    // MARK: - Shapes

    /// An entry of a list section: a mapping with exactly the given keys, each a value.
    private mutating func entry(_ node: YAMLNode, _ path: String, section: String, required: [String],
                                optional: [String] = []) -> [String: String]? {
        note(path, node)
        guard let pairs = mapping(node, path) else { return nil }
        let entryName = ("aeiou".contains(section.first ?? "x") ? "an " : "a ") + section
        var values: [String: String] = [:]
        var complete = true
        for pair in pairs {
            let keyPath = "\(path).\(pair.key)"
            note(keyPath, pair.value)
            guard required.contains(pair.key) || optional.contains(pair.key) else {
                let known = required + optional
                error(at: pair.keyMark, "unknown key '\(pair.key)' in \(entryName) entry",
                      fix: "\(entryName) has " + known.joined(separator: ", ") + suggestion(pair.key, known))
                complete = false
                continue
            }
            if let value = string(pair.value, keyPath) { values[pair.key] = value } else { complete = false }
        }
        let missing = required.filter { values[$0] == nil && node[$0] == nil }
        if !missing.isEmpty {
            error(at: node.mark, "\(entryName) entry needs \(missing.map { "'\($0)'" }.joined(separator: ", "))",
                  fix: "add \(missing.map { "\($0):" }.joined(separator: " ")) to the entry")
            complete = false
        }
        return complete ? values : nil
    }

    private mutating func platform(_ value: String, _ node: YAMLNode, _ path: String) -> Bool {
        guard ManifestVocabulary.platforms.contains(value) else {
            error(at: node["platform"]!.mark, "unknown platform '\(value)'",
                  fix: "use ios or android" + suggestion(value, ManifestVocabulary.platforms))
            return false
        }
        return true
    }

    /// A mapping's pairs, with unknown keys reported as errors.
    private mutating func checkedKeys(_ node: YAMLNode, _ path: String, known: [String]) -> [YAMLNode.Pair] {
        (mapping(node, path) ?? []).filter { pair in
            if known.contains(pair.key) { return true }
            error(at: pair.keyMark, "unknown key '\(pair.key)' in \(path)",
                  fix: "\(path) has " + known.joined(separator: ", ") + suggestion(pair.key, known))
            return false
        }
    }

    private mutating func mapping(_ node: YAMLNode, _ path: String) -> [YAMLNode.Pair]? {
        if node.isNull { return [] }
        guard let pairs = node.pairs else {
            error(at: node.mark, "\(path) must be a mapping (key: value lines), not \(node.kindDescription)", fix: "indent its entries under it as key: value")
            return nil
        }
        return pairs
    }

    private mutating func sequence(_ node: YAMLNode, _ path: String) -> [YAMLNode] {
        if node.isNull { return [] }
        guard let items = node.items else {
            error(at: node.mark, "\(path) must be a list, not \(node.kindDescription)", fix: "write each entry on its own '- ' line, or [] for none")
            return []
        }
        return items
    }

    private mutating func strings(_ node: YAMLNode, _ path: String) -> [String] {
        sequence(node, path).enumerated().compactMap { item in
            note("\(path)[\(item.offset)]", item.element)
            return string(item.element, "\(path)[\(item.offset)]")
        }
    }

    private mutating func string(_ node: YAMLNode, _ path: String) -> String? {
        guard let value = node.scalar else {
            error(at: node.mark, "\(path) must be a plain value, not \(node.kindDescription)", fix: "write it on the same line: \(lastKey(path)): value")
            return nil
        }
        if node.isNull {
            error(at: node.mark, "\(path) has no value", fix: "write it on the same line: \(lastKey(path)): value")
            return nil
        }
        return value
    }

    // MARK: - Reporting

    private mutating func note(_ path: String, _ node: YAMLNode) { places[path] = location(node) }

    private func location(_ node: YAMLNode) -> ManifestLocation { ManifestLocation(line: node.mark.line, column: node.mark.column) }

    private mutating func error(at mark: YAMLNode.Mark, _ message: String, fix: String) {
        errors.append(ManifestError(file: file, line: mark.line, column: mark.column, message: message, fix: fix))
    }

    private func lastKey(_ path: String) -> String {
        String(path.split(separator: ".").last?.prefix { $0 != "[" } ?? Substring(path))
    }

    /// `; did you mean 'chains'?` for a near miss, else nothing.
    private func suggestion(_ word: String, _ candidates: [String]) -> String {
        let scored = candidates.map { ($0, EditDistance.between($0.lowercased(), word.lowercased())) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= max(2, best.count / 3) else { return "" }
        return "; did you mean '\(best)'?"
    }
}

enum EditDistance {
    /// Levenshtein distance over characters.
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

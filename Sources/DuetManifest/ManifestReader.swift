import Duet

/// Reads a YAML tree as a manifest, strictly: every key is known (per-feature and per-generator
/// keys excepted — upstream keeps them as extensions, so they warn), every value has its type,
/// enumerated values come from `ManifestVocabulary`. Errors are collected, not thrown, so one
/// reading names every problem; entries with an error are left out of the manifest.
struct ManifestReader {
    let file: String
    var errors: [ManifestError] = []
    var warnings: [ManifestError] = []
    var places: [String: ManifestLocation] = [:]

    init(file: String) { self.file = file }

    static let topLevel = ["features", "chains", "presentation", "mocks", "replayRunner", "runners", "census", "drill"]
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
            case "drill":
                for inner in checkedKeys(node, path, known: ["rulings"]) {
                    let innerPath = "\(path).rulings"
                    note(innerPath, inner.value)
                    manifest.drillRulings = sequence(inner.value, innerPath).enumerated()
                        .compactMap { drillRuling($0.element, "\(innerPath)[\($0.offset)]") }
                }
            case "runners":
                for runner in mapping(node, path) ?? [] {
                    let runnerPath = "\(path).\(runner.key)"
                    note(runnerPath, runner.value)
                    guard ManifestVocabulary.flavors.contains(runner.key) else {
                        error(at: runner.keyMark, "unknown runner platform '\(NameRule.escaped(runner.key))'",
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
                    guard let word = string(declared.value, fieldPath) else { continue }
                    guard let primitive = Primitive(rawValue: word) else {
                        error(at: declared.value.mark, "'\(word)' is not an L0 primitive",
                              fix: "use path, slot, tabs or stage" + suggestion(word, ManifestVocabulary.primitives))
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

    private mutating func drillRuling(_ node: YAMLNode, _ path: String) -> DrillRuling? {
        guard let v = entry(node, path, section: "drill ruling", required: ["rule", "reason", "since"], optional: ["fixture", "feature", "step", "path"])
        else { return nil }
        guard (v["fixture"] == nil) != (v["feature"] == nil) else {
            error(at: node.mark, "a drill ruling names a fixture: or a feature:, one of them",
                  fix: "fixture: for one fixture's finding; feature: (with path:) for a gap accepted wherever it shows, explored states included")
            return nil
        }
        var step: Int?
        if let raw = v["step"] {
            guard v["feature"] == nil else {
                error(at: node["step"]!.mark, "a feature's drill ruling has no step: it holds wherever the gap shows",
                      fix: "remove step:, or rule on one fixture with fixture:")
                return nil
            }
            guard let number = Int(raw), number >= 0 else {
                error(at: node["step"]!.mark, "a drill ruling's step must be a 0-based step number, not '\(raw)'",
                      fix: "name the step as `duet drill restore` reports it, or leave step out to match every step")
                return nil
            }
            step = number
        }
        return DrillRuling(fixture: v["fixture"] ?? "", feature: v["feature"], step: step, rule: v["rule"]!, path: v["path"], reason: v["reason"]!,
                           since: v["since"]!, location: location(node))
    }

    private mutating func mocks(_ node: YAMLNode, _ path: String) -> Mocks {
        var mocks = Mocks(bundle: nil, generators: [])
        for pair in checkedKeys(node, path, known: ["bundle", "generators"]) {
            let keyPath = "\(path).\(pair.key)"
            note(keyPath, pair.value)
            if pair.key == "bundle" { mocks.bundle = string(pair.value, keyPath); continue }
            for row in mapping(pair.value, keyPath) ?? [] {
                let rowPath = "\(keyPath).\(row.key)"
                places[rowPath] = ManifestLocation(line: row.keyMark.line, column: row.keyMark.column)
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
}

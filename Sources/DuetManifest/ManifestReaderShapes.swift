/// The shape checks and messages of `ManifestReader`: each names the key path and says what to write.
extension ManifestReader {
    // MARK: - Shapes

    /// An entry of a list section: a mapping with exactly the given keys, each a value.
    mutating func entry(_ node: YAMLNode, _ path: String, section: String, required: [String],
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

    mutating func platform(_ value: String, _ node: YAMLNode, _ path: String) -> Bool {
        guard ManifestVocabulary.platforms.contains(value) else {
            error(at: node["platform"]!.mark, "unknown platform '\(value)'",
                  fix: "use ios or android" + suggestion(value, ManifestVocabulary.platforms))
            return false
        }
        return true
    }

    /// A mapping's pairs, with unknown keys reported as errors.
    mutating func checkedKeys(_ node: YAMLNode, _ path: String, known: [String]) -> [YAMLNode.Pair] {
        (mapping(node, path) ?? []).filter { pair in
            if known.contains(pair.key) { return true }
            error(at: pair.keyMark, "unknown key '\(pair.key)' in \(path)",
                  fix: "\(path) has " + known.joined(separator: ", ") + suggestion(pair.key, known))
            return false
        }
    }

    mutating func mapping(_ node: YAMLNode, _ path: String) -> [YAMLNode.Pair]? {
        if node.isNull { return [] }
        guard let pairs = node.pairs else {
            error(at: node.mark, "\(path) must be a mapping (key: value lines), not \(node.kindDescription)", fix: "indent its entries under it as key: value")
            return nil
        }
        return pairs
    }

    mutating func sequence(_ node: YAMLNode, _ path: String) -> [YAMLNode] {
        if node.isNull { return [] }
        guard let items = node.items else {
            error(at: node.mark, "\(path) must be a list, not \(node.kindDescription)", fix: "write each entry on its own '- ' line, or [] for none")
            return []
        }
        return items
    }

    mutating func strings(_ node: YAMLNode, _ path: String) -> [String] {
        sequence(node, path).enumerated().compactMap { item in
            note("\(path)[\(item.offset)]", item.element)
            return string(item.element, "\(path)[\(item.offset)]")
        }
    }

    mutating func string(_ node: YAMLNode, _ path: String) -> String? {
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

    mutating func note(_ path: String, _ node: YAMLNode) { places[path] = location(node) }

    func location(_ node: YAMLNode) -> ManifestLocation { ManifestLocation(line: node.mark.line, column: node.mark.column) }

    mutating func error(at mark: YAMLNode.Mark, _ message: String, fix: String) {
        errors.append(ManifestError(file: file, line: mark.line, column: mark.column, message: message, fix: fix))
    }

    func lastKey(_ path: String) -> String {
        String(path.split(separator: ".").last?.prefix { $0 != "[" } ?? Substring(path))
    }

    /// `; did you mean 'chains'?` for a near miss, else nothing.
    func suggestion(_ word: String, _ candidates: [String]) -> String {
        let scored = candidates.map { ($0, EditDistance.between($0.lowercased(), word.lowercased())) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= max(2, best.count / 3) else { return "" }
        return "; did you mean '\(best)'?"
    }
}

public enum EditDistance {
    /// Levenshtein distance over characters.
    public static func between(_ a: String, _ b: String) -> Int {
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

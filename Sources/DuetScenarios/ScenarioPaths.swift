extension ScenarioDefinition {
    /// Every root-to-leaf path, in declaration order.
    ///
    /// ```swift
    /// counterEndings.paths().map(\.fixture)
    /// // ["counter-endings.keeps-counting", "counter-endings.changes-its-mind"]
    /// ```
    public func paths() -> [ScenarioPath] {
        guard !branches.isEmpty else { return [ScenarioPath(fixture: fixture, branch: nil, steps: steps)] }
        var result: [ScenarioPath] = []
        for branch in branches {
            expand(branch, slugs: [], names: [], prefix: steps, into: &result)
        }
        return result
    }

    private func expand(_ branch: ScenarioBranch, slugs: [String], names: [String], prefix: [ScenarioStep], into result: inout [ScenarioPath]) {
        let slugs = slugs + [BranchSlug.make(branch.name)]
        let names = names + [branch.name]
        let labelPrefix = names.joined(separator: " › ") + " › "
        let steps = prefix + branch.steps.map { step in
            var step = step
            step.label = labelPrefix + step.label
            return step
        }
        guard !branch.branches.isEmpty else {
            let dotted = slugs.joined(separator: ".")
            result.append(ScenarioPath(fixture: fixture + "." + dotted, branch: dotted, steps: steps))
            return
        }
        for nested in branch.branches {
            expand(nested, slugs: slugs, names: names, prefix: steps, into: &result)
        }
    }
}

/// A branch name as it appears in fixture names: `changes its mind` and `changesItsMind`
/// both become `changes-its-mind`.
public enum BranchSlug {
    public static func make(_ name: String) -> String {
        var slug = ""
        var previous: Character?
        for character in name {
            if character.isLetter || character.isNumber {
                if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { slug.append("-") }
                slug += character.lowercased()
            } else if slug.last != "-" {
                slug.append("-")
            }
            previous = character
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        while slug.hasPrefix("-") { slug.removeFirst() }
        return slug
    }
}

/// Every name a user types — a verb, an option, a fixture, a kind, a feature, a platform, a
/// mutation row, an MCP tool or argument — is looked up here: a known name comes back as it is,
/// an unknown one is bad input naming the closest known names.
///
/// ```swift
/// let platform = try NameResolver.resolve("kotlinn", as: .platform, among: ["swift", "kotlin", "all"])
/// // throws UsageError: no platform 'kotlinn' — did you mean `kotlin`?
/// ```
enum NameResolver {
    /// What kind of name was looked up, as the error says it.
    struct Category: Sendable, Equatable {
        var singular: String
        var plural: String
        /// The command that lists the known names, when there are too many to print.
        var listing: String?

        static let verb = Category(singular: "verb", plural: "verbs", listing: "duet help")
        static let option = Category(singular: "option", plural: "options")
        static let fixture = Category(singular: "fixture", plural: "fixtures", listing: "duet query fixtures")
        static let feature = Category(singular: "feature", plural: "features", listing: "duet census")
        static let kind = Category(singular: "kind", plural: "kinds", listing: "duet query kinds")
        static let pending = Category(singular: "pending recording", plural: "pending recordings", listing: "duet pending")
        static let platform = Category(singular: "platform", plural: "platforms")
        static let format = Category(singular: "format", plural: "formats")
        static let mutationRow = Category(singular: "mutation row", plural: "rows in the mutation plan")
        static let tool = Category(singular: "tool", plural: "tools")
        static let argument = Category(singular: "argument", plural: "arguments")
        static let run = Category(singular: "run", plural: "stored runs", listing: "duet runs")
        static func choice(_ singular: String) -> Category { Category(singular: singular, plural: singular + "s") }
    }

    /// At most this many names are suggested.
    static let suggestionLimit = 3
    /// A set this small is listed whole when nothing is close.
    static let listWholeUpTo = 8

    /// `name` when it is one of `known`, else a `UsageError` whose one line names it and the closest names.
    static func resolve<Names: Collection<String>>(_ name: String, as category: Category, among known: Names) throws(UsageError) -> String {
        if known.contains(name) { return name }
        throw UsageError(unknown(name, as: category, among: Array(known)))
    }

    /// The one line saying `name` is not a known `category`, with the closest known names.
    static func unknown(_ name: String, as category: Category, among known: [String]) -> String {
        let head = "no \(category.singular) '\(JSONRPC.excerpt(name))'"
        if known.isEmpty {
            return head + " — there are no \(category.plural)" + (category.listing.map { " (`\($0)` lists them)" } ?? "")
        }
        let close = suggestions(for: name, among: known)
        if !close.isEmpty {
            let quoted = close.map { "`\($0)`" }
            let listed = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
            return head + " — did you mean " + listed + "?"
        }
        let unique = Set(known)
        if unique.count <= listWholeUpTo {
            return head + "; the \(category.plural): " + unique.sorted().joined(separator: ", ")
        }
        return head + " (none of the \(unique.count) \(category.plural) is close" + (category.listing.map { "; `\($0)` lists them" } ?? "") + ")"
    }

    /// The known names closest to `name`: within an edit distance that grows with the name's
    /// length, or holding it as a dotted part or prefix (`deep-link` → `timeline.deep-link.rebases`);
    /// nearest first, then alphabetical.
    static func suggestions(for name: String, among known: [String]) -> [String] {
        let typed = Array(name.lowercased().unicodeScalars)
        guard !typed.isEmpty else { return [] }
        let allowed = max(1, min(3, typed.count / 3))
        var scored: [(name: String, score: Int)] = []
        for candidate in Set(known) {
            let lowered = candidate.lowercased()
            let distance = editDistance(typed, Array(lowered.unicodeScalars), limit: allowed)
            if distance <= allowed {
                scored.append((candidate, distance))
            } else if typed.count >= 3, Self.contains(part: name.lowercased(), in: lowered) {
                // A part of a longer name ranks after every near miss.
                scored.append((candidate, allowed + 1 + abs(lowered.unicodeScalars.count - typed.count) / 8))
            }
        }
        scored.sort { $0.score != $1.score ? $0.score < $1.score : $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        return scored.prefix(suggestionLimit).map(\.name)
    }

    /// `name` is a prefix of `candidate`, or a run of its dotted or dashed parts.
    private static func contains(part name: String, in candidate: String) -> Bool {
        guard candidate != name, let range = candidate.range(of: name) else { return false }
        let separators: Set<Character> = [".", "-", "_", " ", "#"]
        let startsAtBoundary = range.lowerBound == candidate.startIndex || separators.contains(candidate[candidate.index(before: range.lowerBound)])
        let endsAtBoundary = range.upperBound == candidate.endIndex || separators.contains(candidate[range.upperBound])
        return startsAtBoundary && (endsAtBoundary || range.lowerBound == candidate.startIndex)
    }

    /// Optimal string alignment distance (insertions, deletions, substitutions, adjacent
    /// transpositions); stops early once every path exceeds `limit` and answers `limit + 1`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previousPrevious[j - 2] + 1) }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}

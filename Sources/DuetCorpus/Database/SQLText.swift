/// Reading around SQL text without parsing it.
enum SQLText {
    /// `text` without its leading whitespace and comments (and `;` when `semicolons`); an unclosed
    /// `/*` comment runs to the end, as in SQLite.
    static func droppingLeadingBlanks(_ text: Substring, semicolons: Bool = false) -> Substring {
        var rest = text
        while let first = rest.first {
            if first.isWhitespace || (semicolons && first == ";") { rest = rest.dropFirst(); continue }
            if rest.hasPrefix("--") { rest = rest.drop { $0 != "\n" }; continue }
            if rest.hasPrefix("/*") {
                guard let end = rest.range(of: "*/") else { return rest[rest.endIndex...] }
                rest = rest[end.upperBound...]; continue
            }
            break
        }
        return rest
    }
}

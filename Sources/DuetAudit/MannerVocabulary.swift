/// Words that name how a platform renders (L3 manner), not what the feature is in: a state field
/// named with one of them keeps presentation detail in shared behaviour.
enum MannerVocabulary {
    /// Matched against the lower-cased camel-case words of a field's name, as whole words or phrases.
    static let phrases: [[String]] = [
        ["detent"], ["detents"], ["corner", "radius"], ["animation"], ["animations"], ["animated"], ["animating"],
        ["transition"], ["presentation", "style"], ["modal", "style"], ["sheet", "height"], ["blur"], ["opacity"],
        ["shadow"], ["haptic"], ["haptics"], ["easing"], ["spring"], ["popover"], ["cover", "style"], ["dialog", "style"],
        ["font"], ["padding"],
    ]

    /// The phrase a field name contains, e.g. `sheetDetent` → `detent`, `cardCornerRadius` → `corner radius`.
    static func phrase(in name: String) -> String? {
        let words = camelCaseWords(name)
        for phrase in phrases where words.count >= phrase.count {
            for start in 0...(words.count - phrase.count) where Array(words[start..<start + phrase.count]) == phrase {
                return phrase.joined(separator: " ")
            }
        }
        return nil
    }

    static func camelCaseWords(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in name {
            if character == "_" || character == "-" { if !current.isEmpty { words.append(current) }; current = ""; continue }
            if character.isUppercase, !current.isEmpty, !(current.last?.isUppercase ?? false) { words.append(current); current = "" }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }
    }
}

import Duet

/// Roles and primitives read back from the corpus's text columns. A text no flavor writes means
/// the file was edited or damaged, so it stops the read and names the row.
enum StoredVocabulary {
    static func role(_ text: String?, in table: String, row: @autoclosure () -> String) throws -> Role {
        guard let text, let role = Role(rawValue: text) else { throw unknown("role", text, table, row()) }
        return role
    }

    static func primitive(_ text: String?, in table: String, row: @autoclosure () -> String) throws -> Primitive {
        guard let text, let primitive = Primitive(rawValue: text) else { throw unknown("primitive", text, table, row()) }
        return primitive
    }

    private static func unknown(_ word: String, _ text: String?, _ table: String, _ row: String) -> EnvironmentError {
        EnvironmentError("\(table) holds \(word) '\(text ?? "NULL")' for \(row), which is no \(word)",
                         fix: "run `duet corpus check`, then re-record (`duet record`) or rebuild the corpus (`duet corpus load`)")
    }
}

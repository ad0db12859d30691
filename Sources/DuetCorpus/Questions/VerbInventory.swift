import Duet

/// One L2 verb of one L0 field: an action case whose steps change the field.
public struct FieldVerb: Sendable, Codable, Equatable {
    public var feature: String
    public var field: String
    public var primitive: Primitive
    /// The action case.
    public var verb: String
    /// Steps where this action changed the field, and the fixtures holding them.
    public var steps: Int
    public var fixtures: Int
    /// Kinds the verb entered and left in this field, sorted.
    public var entered: [String]
    public var left: [String]
}

extension Corpus {
    /// The L2 verb inventory: for each L0 field, the action cases that change it, with counts.
    ///
    /// ```swift
    /// let verbs = try corpus.verbInventory(feature: "capture")
    /// verbs.first { $0.verb == "modalDismissed" }?.left   // the kinds it dismisses
    /// ```
    public func verbInventory(feature: String? = nil) throws -> [FieldVerb] {
        struct Key: Hashable { var feature: String; var field: String; var verb: String }
        var verbs: [Key: FieldVerb] = [:]
        let kinds = try database.cachedStatement("""
            SELECT DISTINCT f.feature, t.field, coalesce(t.action_case, ''), t.change, t.kind
            FROM step_transitions t JOIN fixtures f ON f.id = t.fixture_id
            WHERE ?1 IS NULL OR f.feature = ?1
            """).rows([SQLValue(feature)])
        try database.cachedStatement("""
            SELECT f.feature, t.field, t.primitive, coalesce(t.action_case, ''),
                   count(DISTINCT t.fixture_id || ':' || t.step), count(DISTINCT t.fixture_id)
            FROM step_transitions t JOIN fixtures f ON f.id = t.fixture_id
            WHERE ?1 IS NULL OR f.feature = ?1
            GROUP BY f.feature, t.field, t.action_case
            """).forEachRow([SQLValue(feature)]) { row in
            let key = Key(feature: row.text(at: 0) ?? "", field: row.text(at: 1) ?? "", verb: row.text(at: 3) ?? "")
            let primitive = try StoredVocabulary.primitive(row.text(at: 2), in: "step_transitions", row: "\(key.feature).\(key.field)")
            verbs[key] = FieldVerb(feature: key.feature, field: key.field, primitive: primitive, verb: key.verb,
                                   steps: row.int(at: 4), fixtures: row.int(at: 5), entered: [], left: [])
        }
        for row in kinds {
            let key = Key(feature: row[0].text ?? "", field: row[1].text ?? "", verb: row[2].text ?? "")
            let kind = row[4].text ?? ""
            if row[3].text == "entered" { verbs[key]?.entered.append(kind) } else { verbs[key]?.left.append(kind) }
        }
        return verbs.values.map { verb in
            var verb = verb
            verb.entered.sort(); verb.left.sort()
            return verb
        }.sorted { ($0.feature, $0.field, $0.verb) < ($1.feature, $1.field, $1.verb) }
    }
}

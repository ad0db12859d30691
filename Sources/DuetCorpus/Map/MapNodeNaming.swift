import Duet

/// How a feature's L0 state is named on the map: each field that shows a kind, outermost first
/// (stage, tabs, path, slot), as `label:case` — a path's entries bottom first, joined by `/`.
struct MapNodeNaming {
    let feature: String
    let fields: [MapField]

    /// `fields`: the feature's L0 fields and primitives, in any order.
    init(feature: String, fields: [(field: String, primitive: Primitive)]) {
        self.feature = feature
        let rank: [Primitive: Int] = [.stage: 0, .tabs: 1, .path: 2, .slot: 3]
        let counts = Dictionary(fields.map { ($0.primitive, 1) }, uniquingKeysWith: +)
        self.fields = fields.sorted { (rank[$0.primitive]!, $0.field) < (rank[$1.primitive]!, $1.field) }.map {
            MapField(field: $0.field, primitive: $0.primitive, label: counts[$0.primitive]! > 1 ? $0.field : $0.primitive.rawValue)
        }
    }

    /// One kind present in a state.
    struct Entry: Hashable, Sendable { var field: String; var depth: Int; var kind: String }

    /// The node a state with these kinds is (entries in any order).
    func node(_ entries: [Entry]) -> (id: String, kinds: [String]) {
        var parts: [String] = [], kinds: [String] = []
        for field in fields {
            let present = entries.filter { $0.field == field.field }.sorted { $0.depth < $1.depth }
            guard !present.isEmpty else { continue }
            parts.append("\(field.label):" + present.map { caseName($0.kind) }.joined(separator: "/"))
            kinds += present.map { $0.depth == 0 ? "\(field.field)=\($0.kind)" : "\(field.field)[\($0.depth)]=\($0.kind)" }
        }
        return (parts.isEmpty ? MapNode.rootID : parts.joined(separator: " · "), kinds)
    }

    /// The node of a whole state, read with the feature's index plan.
    func node(state: JSONValue, plan: IndexPlan) -> (id: String, kinds: [String]) {
        node(plan.kinds(in: state).flatMap { field in field.entries.map { Entry(field: field.field, depth: $0.depth, kind: $0.kind) } })
    }

    /// `mainnav.slot.capture` → `capture`.
    private func caseName(_ kind: String) -> String {
        kind.split(separator: ".").last.map(String.init) ?? kind
    }
}

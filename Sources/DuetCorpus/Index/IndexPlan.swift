import Duet

/// How to read one feature's L0 fields and islands out of its state snapshots.
///
/// Kind of a value: `{"case":"x",…}` → `x`, a raw string `"x"` → `x`, absent or null → none.
/// Kind id: `<feature>.<primitive>.<case>`. Path entries carry their 1-based depth; other
/// primitives depth 0.
struct IndexPlan: Sendable {
    struct L0Field: Sendable { var field: String; var components: [String]; var primitive: Primitive; var keys: [[UInt8]] }
    struct IslandField: Sendable { var field: String; var components: [String]; var island: String; var keys: [[UInt8]] }

    struct KindEntry: Hashable, Sendable { var depth: Int; var kind: String }
    struct FieldKinds: Sendable { var field: String; var primitive: Primitive; var entries: [KindEntry] }

    var feature: String
    var l0: [L0Field] = []
    var islands: [IslandField] = []
    /// The spine the index stores per snapshot, and where each of its fields is among `l0`
    /// (`0..<l0.count`) or `islands` (after them), so readings write it from what they looked up.
    var spine: SpineLayout
    var spineSources: [Int] = []

    /// `roles`: field path → role.
    init(feature: String, roles: [(field: String, role: Role)]) {
        self.feature = feature
        spine = SpineLayout(roles: roles.map { ($0.field, $0.role) })
        for (field, role) in roles.sorted(by: { $0.field < $1.field }) {
            let components = field.split(separator: ".").map(String.init)
            let keys = components.map { Array($0.utf8) }
            if let primitive = role.primitive {
                l0.append(L0Field(field: field, components: components, primitive: primitive, keys: keys))
            } else if let island = role.islandID {
                islands.append(IslandField(field: field, components: components, island: island, keys: keys))
            }
        }
        locateSpineFields()
    }

    var isEmpty: Bool { l0.isEmpty && islands.isEmpty }

    private mutating func locateSpineFields() {
        spineSources = spine.fields.map { field in
            l0.firstIndex { $0.field == field.path } ?? (l0.count + islands.firstIndex { $0.field == field.path }!)
        }
    }

    func kinds(in state: JSONValue) -> [FieldKinds] {
        l0.map { field in
            let value = Self.lookup(state, field.components)
            var entries: [KindEntry] = []
            if field.primitive == .path, case .array(let items)? = value {
                for (offset, item) in items.enumerated() {
                    if let name = Self.caseName(item) { entries.append(KindEntry(depth: offset + 1, kind: kindID(field.primitive, name))) }
                }
            } else if let value, let name = Self.caseName(value) {
                entries.append(KindEntry(depth: 0, kind: kindID(field.primitive, name)))
            }
            return FieldKinds(field: field.field, primitive: field.primitive, entries: entries)
        }
    }

    func islandSummaries(in state: JSONValue) -> [(field: String, island: String, summary: JSONValue)] {
        islands.compactMap { island in
            Self.lookup(state, island.components).map { (island.field, island.island, $0) }
        }
    }

    func kindID(_ primitive: Primitive, _ caseName: String) -> String { "\(feature).\(primitive).\(caseName)" }

    static func caseName(_ value: JSONValue) -> String? {
        switch value {
        case .string(let name): return name
        case .object(let object): return object["case"]?.stringValue
        default: return nil
        }
    }

    static func lookup(_ value: JSONValue, _ components: [String]) -> JSONValue? { value.value(at: components) }
}

import Duet

/// The L0 kinds of a feature's states and the transitions between two of them, read exactly as
/// the structural index reads them for fixtures — so what `duet explore` reached and what the
/// fixtures reach (`step_transitions`) are counted the same way.
///
/// ```swift
/// let reading = L0Transitions(structure: structure)
/// let before = reading.kinds(in: try CanonicalJSON.parse(old)), after = reading.kinds(in: try CanonicalJSON.parse(new))
/// L0Transitions.changes(from: before, to: after).map(\.kind)   // ["capture.slot.camera"]
/// ```
public struct L0Transitions: Sendable {
    /// One kind entered or left, in a field, at a depth (1-based in a path, 0 elsewhere).
    public struct Change: Sendable, Hashable {
        public enum Direction: String, Sendable { case entered, left }
        public var field: String
        public var primitive: Primitive
        public var depth: Int
        public var direction: Direction
        public var kind: String
    }

    /// The kinds present in one state, per L0 field (in field order).
    public struct Kinds: Sendable, Equatable {
        let fields: [IndexPlan.FieldKinds]
        public static func == (a: Kinds, b: Kinds) -> Bool {
            a.fields.count == b.fields.count && zip(a.fields, b.fields).allSatisfy { $0.field == $1.field && $0.entries == $1.entries }
        }
    }

    let plan: IndexPlan

    public init(structure: FeatureStructure) {
        plan = IndexPlan(feature: structure.feature, roles: structure.fields.map { ($0.path, $0.role) })
    }

    /// No L0 field: no state has a kind.
    public var isEmpty: Bool { plan.l0.isEmpty }

    /// The dotted paths of the L0 fields, in the order `kinds` reads them.
    public var fieldPaths: [[String]] { plan.l0.map(\.components) }

    public func kinds(in state: JSONValue) -> Kinds { Kinds(fields: plan.kinds(in: state)) }

    /// Each kind entered or left from `before` to `after`, field by field.
    public static func changes(from before: Kinds, to after: Kinds) -> [Change] {
        var result: [Change] = []
        for (old, new) in zip(before.fields, after.fields) where old.entries != new.entries {
            let was = Set(old.entries), now = Set(new.entries)
            for entry in new.entries where !was.contains(entry) {
                result.append(Change(field: new.field, primitive: new.primitive, depth: entry.depth, direction: .entered, kind: entry.kind))
            }
            for entry in old.entries where !now.contains(entry) {
                result.append(Change(field: new.field, primitive: new.primitive, depth: entry.depth, direction: .left, kind: entry.kind))
            }
        }
        return result
    }
}

import Duet

/// Where two platforms' `describe` answers disagree: the declaration-parity check of
/// `verify --platform all` and `lint`.
///
/// ```swift
/// let differences = DeclarationParity.differences(("swift", swiftStructures), ("kotlin", kotlinStructures))
/// differences.first?.description   // mainnav: field sheet: role slot on swift, data on kotlin
/// ```
public enum DeclarationParity {
    public static func differences(_ left: (platform: String, structures: [FeatureStructure]),
                                   _ right: (platform: String, structures: [FeatureStructure])) -> [DeclarationDifference] {
        let lefts = Dictionary(left.structures.map { ($0.feature, $0) }, uniquingKeysWith: { first, _ in first })
        let rights = Dictionary(right.structures.map { ($0.feature, $0) }, uniquingKeysWith: { first, _ in first })
        var found: [DeclarationDifference] = []
        func note(_ feature: String, _ aspect: DeclarationDifference.Aspect, _ subject: String, _ l: String?, _ r: String?) {
            found.append(DeclarationDifference(feature: feature, aspect: aspect, subject: subject,
                                               left: .init(platform: left.platform, value: l),
                                               right: .init(platform: right.platform, value: r)))
        }
        for feature in Set(lefts.keys).union(rights.keys).sorted(by: utf8Order) {
            guard let l = lefts[feature], let r = rights[feature] else {
                note(feature, .feature, feature, lefts[feature] == nil ? nil : "served", rights[feature] == nil ? nil : "served")
                continue
            }
            let lFields = Dictionary(l.fields.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            let rFields = Dictionary(r.fields.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            for path in Set(lFields.keys).union(rFields.keys).sorted(by: utf8Order) {
                guard let lf = lFields[path], let rf = rFields[path] else {
                    note(feature, .field, path, lFields[path].map(\.role.rawValue), rFields[path].map(\.role.rawValue))
                    continue
                }
                if lf.role != rf.role { note(feature, .role, path, lf.role.rawValue, rf.role.rawValue) }
                if lf.shape != rf.shape { note(feature, .shape, path, lf.shape, rf.shape) }
                if lf.kinds != rf.kinds { note(feature, .kinds, path, lf.kinds.map(list), rf.kinds.map(list)) }
                if (lf.runtimeOnly ?? false) != (rf.runtimeOnly ?? false) {
                    note(feature, .runtimeOnly, path, String(lf.runtimeOnly ?? false), String(rf.runtimeOnly ?? false))
                }
            }
            if l.actions != r.actions { note(feature, .actions, "actions", list(l.actions), list(r.actions)) }
            if l.effects != r.effects { note(feature, .effects, "effects", list(l.effects), list(r.effects)) }
            if l.restore != r.restore { note(feature, .restore, "restore", l.restore, r.restore) }
            if let divergence = initialStateDivergence(l.initialState, r.initialState) {
                let subject = divergence.path.isEmpty ? "initialState" : "initialState." + divergence.path
                note(feature, .initialState, subject, divergence.expected, divergence.actual)
            }
            if let ls = l.seams.map(seamSet), let rs = r.seams.map(seamSet) {
                for child in Set(ls.keys).union(rs.keys).sorted(by: utf8Order) where ls[child] != rs[child] {
                    note(feature, .seams, child, ls[child], rs[child])
                }
            } else if (l.seams == nil) != (r.seams == nil) {
                note(feature, .seams, "", l.seams.map { _ in "described" }, r.seams.map { _ in "described" })
            }
        }
        return found
    }

    /// Where two initial states first differ (nil when both are the same or neither says).
    private static func initialStateDivergence(_ left: String?, _ right: String?) -> Divergence? {
        guard left != right else { return nil }
        guard let left, let right, let l = try? CanonicalJSON.parse(left), let r = try? CanonicalJSON.parse(right) else {
            return Divergence(path: "", expected: left, actual: right)
        }
        return JSONValue.firstDivergence(expected: l, actual: r)
    }

    /// Child → placements (a parent may embed a child twice, e.g. a tab and a sheet).
    private static func seamSet(_ seams: [SeamDescription]) -> [String: String] {
        Dictionary(grouping: seams, by: \.child).mapValues { $0.map(\.placement).sorted().joined(separator: ", ") }
    }

    private static func list(_ names: [String]) -> String { "[" + names.joined(separator: ", ") + "]" }
    private static func utf8Order(_ a: String, _ b: String) -> Bool { CanonicalOrder.precedes(a, b) }
}

/// One disagreement between two platforms' declarations. A nil value means the platform lacks it.
public struct DeclarationDifference: Sendable, Equatable, CustomStringConvertible {
    public enum Aspect: String, Sendable, Equatable {
        case feature, field, role, shape, kinds, runtimeOnly, actions, effects, restore, initialState, seams
    }
    public struct Side: Sendable, Equatable {
        public var platform: String
        public var value: String?
    }
    public var feature: String
    public var aspect: Aspect
    /// The field path, the feature name, `actions`/`effects`/`restore`, `initialState[.path]`, or a seam's child.
    public var subject: String
    public var left: Side
    public var right: Side

    public var description: String {
        func side(_ s: Side) -> String { "\(s.value ?? "absent") on \(s.platform)" }
        switch aspect {
        case .feature: return "\(feature): served on \(left.value == nil ? right.platform : left.platform) only"
        case .field: return "\(feature): field \(subject): \(side(left)), \(side(right))"
        case .actions, .effects, .restore: return "\(feature): \(aspect.rawValue) \(side(left)), \(side(right))"
        case .initialState: return "\(feature): \(subject): \(side(left)), \(side(right)) — the default restore starts from it"
        case .seams where subject.isEmpty: return "\(feature): seams \(side(left)), \(side(right))"
        case .seams: return "\(feature): seam to \(subject): \(side(left)), \(side(right))"
        default: return "\(feature): field \(subject): \(aspect.rawValue) \(side(left)), \(side(right))"
        }
    }
}

/// Where two canonical values first differ, for failure reports.
///
/// ```swift
/// if let d = JSONValue.firstDivergence(expected: fixtureState, actual: replayedState) {
///     print(d)   // at sheet.value.memoryId: expected "…", got (absent)
/// }
/// ```
public struct Divergence: Sendable, Equatable, CustomStringConvertible {
    /// `sheet.value.memoryId`, `selected[1].name`; empty for the root.
    public var path: String
    /// Canonical compact fragments at that path; nil where the path is absent on that side.
    public var expected: String?
    public var actual: String?
    public init(path: String, expected: String?, actual: String?) { self.path = path; self.expected = expected; self.actual = actual }
    public var description: String { "at \(path.isEmpty ? "(root)" : path): expected \(expected ?? "(absent)"), got \(actual ?? "(absent)")" }
}

extension JSONValue {
    /// The first difference, depth-first in canonical key order; nil when equal.
    public static func firstDivergence(expected: JSONValue, actual: JSONValue) -> Divergence? {
        var first: Divergence?
        walk(expected, actual, path: "") { first = $0; return false }
        return first
    }

    /// The same where either side may be absent: an absent side differs at the root.
    public static func firstDivergence(expected: JSONValue?, actual: JSONValue?) -> Divergence? {
        switch (expected, actual) {
        case (nil, nil): return nil
        case (let expected?, let actual?): return firstDivergence(expected: expected, actual: actual)
        default: return Divergence(path: "", expected: expected?.canonicalString, actual: actual?.canonicalString)
        }
    }

    /// Every difference, at the deepest path where both sides still have the same shape, in
    /// canonical order; empty when equal (the first one is `firstDivergence`).
    ///
    /// ```swift
    /// JSONValue.differences(expected: before, actual: after).map(\.description)
    /// // ["at attempts: expected 0, got 1", "at isLoading: expected false, got true"]
    /// ```
    public static func differences(expected: JSONValue, actual: JSONValue) -> [Divergence] {
        var found: [Divergence] = []
        walk(expected, actual, path: "") { found.append($0); return true }
        return found
    }

    /// Calls `visit` with each difference until it returns false; returns false when stopped.
    @discardableResult
    private static func walk(_ e: JSONValue, _ a: JSONValue, path: String, _ visit: (Divergence) -> Bool) -> Bool {
        switch (e, a) {
        case (.array(let ea), .array(let aa)):
            for i in 0..<max(ea.count, aa.count) {
                let sub = "\(path)[\(i)]"
                guard i < ea.count, i < aa.count else {
                    if !visit(Divergence(path: sub, expected: i < ea.count ? ea[i].canonicalString : nil,
                                         actual: i < aa.count ? aa[i].canonicalString : nil)) { return false }
                    continue
                }
                if !walk(ea[i], aa[i], path: sub, visit) { return false }
            }
            return true
        case (.object(let eo), .object(let ao)):
            var i = 0, j = 0
            while i < eo.members.count || j < ao.members.count {
                let c: Int
                if i == eo.members.count { c = 1 } else if j == ao.members.count { c = -1 } else {
                    c = ScalarOrder.compare(eo.members[i].key, ao.members[j].key)
                }
                if c < 0 {
                    if !visit(Divergence(path: join(path, eo.members[i].key), expected: eo.members[i].value.canonicalString, actual: nil)) { return false }
                    i += 1
                } else if c > 0 {
                    if !visit(Divergence(path: join(path, ao.members[j].key), expected: nil, actual: ao.members[j].value.canonicalString)) { return false }
                    j += 1
                } else {
                    if !walk(eo.members[i].value, ao.members[j].value, path: join(path, eo.members[i].key), visit) { return false }
                    i += 1; j += 1
                }
            }
            return true
        default:
            return e == a || visit(Divergence(path: path, expected: e.canonicalString, actual: a.canonicalString))
        }
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
}

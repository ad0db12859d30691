import Duet

/// Where a restored spine differs from the persisted one, by rule: the L0 fields (`round-trip`)
/// and each island on its own (`island-summary`, or `island-empty-boundary` when the persisted
/// summary is empty and the island must come back as it started).
enum SpineComparison {
    struct Difference: Equatable {
        var rule: DrillFinding.Rule
        var divergence: Divergence
    }

    /// `initialIsland`: the island's value in the fixture's initial state (what an empty boundary restores to).
    static func roundTrip(expected: JSONValue, actual: JSONValue, layout: SpineLayout,
                          initialIsland: (SpineLayout.Field) -> JSONValue?) -> [Difference] {
        let islands = layout.fields.filter(\.isIsland)
        var differences: [Difference] = []
        if let divergence = JSONValue.firstDivergence(expected: removing(islands, from: expected), actual: removing(islands, from: actual)) {
            differences.append(Difference(rule: .roundTrip, divergence: divergence))
        }
        for island in islands {
            let persisted = expected.value(at: island.components)
            let restored = actual.value(at: island.components)
            let empty = persisted == nil || persisted == .object(JSONObject())
            let want = empty ? initialIsland(island) : persisted
            guard let divergence = JSONValue.firstDivergence(expected: want, actual: restored) else { continue }
            differences.append(Difference(rule: empty ? .islandEmptyBoundary : .islandSummary,
                                          divergence: prefixed(divergence, with: island.path)))
        }
        return differences
    }

    /// The first difference between two spines, wherever it is.
    static func carryOn(expected: JSONValue, actual: JSONValue) -> Divergence? {
        JSONValue.firstDivergence(expected: expected, actual: actual)
    }

    private static func removing(_ fields: [SpineLayout.Field], from value: JSONValue) -> JSONValue {
        fields.reduce(value) { removing($1.components[...], from: $0) }
    }

    private static func removing(_ components: ArraySlice<String>, from value: JSONValue) -> JSONValue {
        guard let key = components.first, case .object(var object) = value else { return value }
        if components.count == 1 {
            object[key] = nil
        } else if let inner = object[key] {
            let pruned = removing(components.dropFirst(), from: inner)
            object[key] = pruned == .object(JSONObject()) ? nil : pruned
        }
        return .object(object)
    }

    private static func prefixed(_ divergence: Divergence, with path: String) -> Divergence {
        var result = divergence
        result.path = divergence.path.isEmpty ? path : path + (divergence.path.hasPrefix("[") ? "" : ".") + divergence.path
        return result
    }
}

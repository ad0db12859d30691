/// A feature that rebuilds its full state from a spine (its L0 fields and island summaries)
/// by itself, for the `restore` op and the restore drill.
///
/// ```swift
/// extension Timeline: Restorable {
///     static func restore(spine: JSONValue) throws -> State {
///         var state = State()
///         state.path = try CanonicalDecoder().decode([Route].self, from: spine["path"] ?? .array([]))
///         return state
///     }
/// }
/// ```
///
/// Features that do not conform get the default: the spine overlaid on a base state — the
/// request's `base` (the restore drill sends the fixture's initial state), else the feature's
/// `initialState` (`SpineOverlay`) — then decoded as `State`. The Kotlin flavor's default is the same.
public protocol Restorable: Feature {
    static func restore(spine: JSONValue) throws -> State
}

/// The default restore: lay the spine's fields over a base state.
///
/// With a structure, every L0 and island field is taken from the spine (a slot absent from the
/// spine is cleared); without one, the spine's objects merge into the base key by key.
public enum SpineOverlay {
    public static func restore(spine: JSONValue, onto base: JSONValue, structure: FeatureStructure?) -> JSONValue {
        guard let structure else { return merge(spine, onto: base) }
        var state = base
        for field in structure.fields where field.role != .data {
            let path = field.path.split(separator: ".").map(String.init)
            state = replacing(path[...], in: state, with: lookup(path[...], in: spine))
        }
        return state
    }

    static func merge(_ overlay: JSONValue, onto base: JSONValue) -> JSONValue {
        guard case .object(let top) = overlay, case .object(var result) = base else { return overlay }
        for member in top.members {
            result[member.key] = result[member.key].map { merge(member.value, onto: $0) } ?? member.value
        }
        return .object(result)
    }

    private static func lookup(_ path: ArraySlice<String>, in value: JSONValue) -> JSONValue? {
        guard let key = path.first else { return value }
        return value[key].flatMap { lookup(path.dropFirst(), in: $0) }
    }

    private static func replacing(_ path: ArraySlice<String>, in value: JSONValue, with new: JSONValue?) -> JSONValue {
        guard let key = path.first, case .object(var object) = value else { return new ?? value }
        if path.count == 1 {
            object[key] = new
        } else {
            object[key] = replacing(path.dropFirst(), in: object[key] ?? .object(JSONObject()), with: new)
        }
        return .object(object)
    }
}

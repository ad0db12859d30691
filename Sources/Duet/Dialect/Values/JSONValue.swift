/// A value of the canonical dialect: what every fixture, snapshot and protocol message is made of.
///
/// ```swift
/// let state = try CanonicalJSON.parse(#"{"count":1}"#)
/// state.canonicalString   // {"count":1}
/// ```
///
/// Strings compare by Unicode scalars, never by `String`'s canonical equivalence:
/// `"é"` (U+00E9) and `"e\u{301}"` are different values and different object keys.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// The members of a JSON object, kept sorted by key in Unicode scalar (UTF-8 byte) order,
/// keys distinct by scalars.
public struct JSONObject: Sendable {
    public struct Member: Sendable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) { self.key = key; self.value = value }
    }
    /// Sorted by `key.utf8`, no two keys with the same scalars.
    public internal(set) var members: [Member]
}

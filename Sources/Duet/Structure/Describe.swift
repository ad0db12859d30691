/// Describes a feature's state: every field (nested structs as dotted paths) with its JSON
/// shape and L0 role, each enum's case list, the action and effect case names, and the canonical
/// initial state. (How it restores and what it embeds are the runner's to add: it knows them.)
///
/// No sample state is needed: the state's own `Decodable` conformance is run against a probing
/// decoder. Enum cases — of fields, actions and effects — are derived from the types
/// (`EnumCases`); an enum they cannot be derived from is an error naming it and the fix.
///
/// ```swift
/// let structure = try describe(MainNav.self)
/// structure.fields.first { $0.role == .tabs }?.kinds   // ["myLane", "shared", "profile"]
/// ```
public func describe<F: Feature>(_ feature: F.Type) throws(StructureError) -> FeatureStructure {
    let probe = StructureProbe()
    _ = try probe.sample(F.State.self, path: "", recording: true)
    return FeatureStructure(
        feature: F.name,
        fields: probe.fields,
        actions: try sumCases(of: F.Action.self, role: "Action"),
        effects: try sumCases(of: F.EffectPayload.self, role: "EffectPayload"),
        initialState: try initialState(of: F.self))
}

private func initialState<F: Feature>(of _: F.Type) throws(StructureError) -> String {
    do { return try CanonicalEncoder().canonicalString(F.initialState) } catch {
        throw StructureError(path: "", type: String(reflecting: F.State.self), message: "the initial state does not encode: \(error)")
    }
}

/// A feature's action or effect cases; its `Action` or `EffectPayload` must be an enum.
private func sumCases(of type: Any.Type, role: String) throws(StructureError) -> [String] {
    guard let names = try caseNames(of: type, path: role) else {
        throw StructureError(path: role, type: String(reflecting: type), message: "is not an enum — a feature's \(role) is a sum type")
    }
    return names
}

/// A state type `describe` cannot take apart: which field, which type, what to do.
public struct StructureError: Error, Sendable, CustomStringConvertible {
    /// Dotted field path; empty for the state itself.
    public var path: String
    public var type: String
    public var message: String
    public init(path: String, type: String, message: String) { self.path = path; self.type = type; self.message = message }
    public var description: String { "\(path.isEmpty ? "(state)" : path) (\(type)): \(message)" }
}

/// Describes a feature's state: every field (nested structs as dotted paths) with its JSON
/// shape and L0 role, each enum's case list, and the action and effect case names.
///
/// No sample state is needed: the state's own `Decodable` conformance is run against a probing
/// decoder. Enum fields must be able to list their cases (`KindEnum`, `CaseNames` or
/// `CaseIterable`); action and effect names come from `CaseNames` (empty otherwise).
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
        actions: listedCaseNames(of: F.Action.self) ?? [],
        effects: listedCaseNames(of: F.EffectPayload.self) ?? [])
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

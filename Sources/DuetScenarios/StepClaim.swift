import Duet

/// What a step's label claims, written beside it so that recording checks it: a label that says
/// "inert" pins nothing unless the step is checked as inert.
///
/// ```swift
/// Step("back on an empty path is inert", .backTapped, .inert)
/// Step("a stale link says why", .deepLinkOpened(id), .state("the stack is untouched") { $0.path.count == 1 })
/// ```
public struct Claim<F: Feature> {
    let claim: StepClaim
    let holds: (@Sendable (F.State) -> Bool)?

    /// The step changes nothing: the state's canonical bytes are the same after it, and it returns no effects.
    public static var inert: Claim { Claim(claim: StepClaim(kind: .inert, says: "inert", evaluate: nil), holds: nil) }

    /// A predicate on the state after the step; `says` is how a failure names it.
    public static func state(_ says: String, _ holds: @escaping @Sendable (F.State) -> Bool) -> Claim {
        let evaluate: @Sendable (JSONValue) throws -> Bool = { tree in holds(try CanonicalDecoder().decode(F.State.self, from: tree)) }
        return Claim(claim: StepClaim(kind: .state, says: says, evaluate: evaluate), holds: holds)
    }
}

/// A step's claim as data, the form a runner serves. `.inert` is checked from the recorded bytes;
/// a `.state` predicate is Swift code, evaluated where the scenario was built (`evaluate`), so
/// the recorder asks the runner (the `claims` op).
public struct StepClaim: Sendable, Equatable {
    public enum Kind: String, Sendable { case inert, state }
    public var kind: Kind
    /// `inert`, or what the state predicate says.
    public var says: String
    /// The predicate on a state tree; nil on the recorder's side of the wire.
    public let evaluate: (@Sendable (JSONValue) throws -> Bool)?

    public init(kind: Kind, says: String, evaluate: (@Sendable (JSONValue) throws -> Bool)? = nil) {
        self.kind = kind; self.says = says; self.evaluate = evaluate
    }

    public static func == (left: StepClaim, right: StepClaim) -> Bool { left.kind == right.kind && left.says == right.says }
}

/// How a step that claims `.inert` is not: the first change in its state, or the effects it returned.
public enum InertViolation: Sendable, Equatable, CustomStringConvertible {
    case stateChanged(Divergence)
    case effects(String)

    /// nil when the step is inert: `after` is `before` byte for byte and `effects` is `[]`.
    public static func of(before: [UInt8], after: [UInt8], effects: [UInt8]) -> InertViolation? {
        if before != after {
            let divergence = (try? JSONValue.firstDivergence(expected: CanonicalJSON.parse(before), actual: CanonicalJSON.parse(after)))
                ?? nil
            return .stateChanged(divergence ?? Divergence(path: "", expected: String(decoding: before, as: UTF8.self),
                                                          actual: String(decoding: after, as: UTF8.self)))
        }
        if effects != Array("[]".utf8) { return .effects(String(decoding: effects, as: UTF8.self)) }
        return nil
    }

    public var description: String {
        switch self {
        case .stateChanged(let divergence):
            let path = divergence.path.isEmpty ? "(root)" : divergence.path
            return "claims .inert, but the state changed at \(path): \(divergence.expected ?? "(absent)") → \(divergence.actual ?? "(absent)")"
        case .effects(let effects):
            return "claims .inert, but it returned effects \(effects)"
        }
    }
}

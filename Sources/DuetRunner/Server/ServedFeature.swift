import Duet

/// One registered feature with its types erased: what the runner calls per request.
struct ServedFeature {
    let name: String
    /// (state tree, action tree) → (canonical state, canonical effects).
    let reduce: (JSONValue, JSONValue) throws -> (state: [UInt8], effects: [UInt8])
    /// The same, with state and action decoded straight from a scanned request's bytes.
    let reduceScanned: (ByteDocument, ByteDocument.Value, ByteDocument.Value) throws -> (state: [UInt8], effects: [UInt8])
    /// The given description, else the kernel's `describe(F.self)`.
    let describe: () throws -> FeatureStructure
    /// The description the default restore overlays by, taken once (nil when describe fails).
    let overlayStructure: FeatureStructure?
    /// spine → canonical state; nil when the feature has no restore of its own (the server overlays the spine).
    let restore: ((JSONValue) throws -> [UInt8])?
    /// Decodes a tree as `State` and encodes it canonically: the overlay's result must be a valid state.
    let normalizeState: (JSONValue) throws -> [UInt8]
    /// `F.initialState` as a tree: what the default restore lays a spine over without a base.
    let initialState: JSONValue?

    init<F: Feature>(_ feature: F.Type, describe: (() -> FeatureStructure)?, restore: ((JSONValue) throws -> F.State)?) {
        name = F.name
        let describing = describe ?? { try Duet.describe(F.self) }
        self.describe = describing
        overlayStructure = try? describing()
        reduce = { stateTree, actionTree in
            let decoder = CanonicalDecoder()
            var state = try decoder.decode(F.State.self, from: stateTree)
            let action = try decoder.decode(F.Action.self, from: actionTree)
            let effects = F.reduce(&state, action)
            let encoder = CanonicalEncoder()
            return (try encoder.canonicalBytes(state), try encoder.canonicalBytes(effects))
        }
        reduceScanned = { document, stateValue, actionValue in
            var state = try document.decode(F.State.self, from: stateValue)
            let action = try document.decode(F.Action.self, from: actionValue)
            let effects = F.reduce(&state, action)
            let encoder = CanonicalEncoder()
            return (try encoder.canonicalBytes(state), try encoder.canonicalBytes(effects))
        }
        if let restore {
            self.restore = { spine in try CanonicalEncoder().canonicalBytes(restore(spine)) }
        } else if let restorable = F.self as? any Restorable.Type {
            self.restore = { spine in try restorable.restoredBytes(spine: spine) }
        } else {
            self.restore = nil
        }
        normalizeState = { tree in try CanonicalEncoder().canonicalBytes(CanonicalDecoder().decode(F.State.self, from: tree)) }
        initialState = try? CanonicalEncoder().encode(F.initialState)
    }
}

extension Restorable {
    /// The restored state's canonical bytes, callable on an `any Restorable.Type`.
    static func restoredBytes(spine: JSONValue) throws -> [UInt8] {
        try CanonicalEncoder().canonicalBytes(restore(spine: spine))
    }
}

import Duet

// The `restore` op: the full state the flavor rebuilds from a spine.
extension ReplayServer {
    func restore(_ request: JSONValue) -> [UInt8] {
        guard let name = request["feature"]?.stringValue else { return errorLine(#"restore needs a "feature" string"#) }
        guard let feature = registry.feature(named: name) else { return unknownFeature(name) }
        guard let spine = request["spine"] else { return errorLine(#"restore needs a "spine""#) }
        do {
            let state: [UInt8]
            if let restore = feature.restore {
                state = try restore(spine)
            } else {
                let base = request["base"] ?? baseStates[name] ?? registry.baseState(for: name)
                state = try feature.normalizeState(SpineOverlay.restore(spine: spine, onto: base, structure: feature.overlayStructure))
            }
            return restoredLine(state: state)
        } catch {
            return errorLine("restore \(name): \(error)")
        }
    }

    /// The same from the scanned request: only the spine is parsed per request, the base (the
    /// fixture's initial state, the same for each of its snapshots) only when it changes. nil hands
    /// the line to the tree path, which answers failures exactly.
    func restoreScanned(_ root: ByteDocument.Value, in request: ByteDocument) -> [UInt8]? {
        guard let name = request.member("feature", of: root).flatMap(request.string), let feature = registry.feature(named: name),
              feature.restore == nil, let spine = request.member("spine", of: root) else { return nil }
        let base = request.member("base", of: root).map { value in lastBase.tree(request.bytes(of: value)) { request.tree(of: value) } }
            ?? baseStates[name] ?? registry.baseState(for: name)
        let overlaid = SpineOverlay.restore(spine: request.tree(of: spine), onto: base, structure: feature.overlayStructure)
        guard let state = try? feature.normalizeState(overlaid) else { return nil }
        return restoredLine(state: state)
    }

    /// `{"state":"…"}` with the canonical text written as a dialect string.
    private func restoredLine(state: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 6 * state.count + 16) { buffer, initialized in
            var w = buffer.baseAddress!
            w = Self.copy(#"{"state":""#, to: w)
            w = Self.escaped(state, to: w)
            w = Self.copy("\"}\n", to: w)
            initialized = w - buffer.baseAddress!
        }
    }

}

/// The last restore base seen, with its tree; the server that owns it serves one request at a time.
final class ParsedBase {
    private var bytes: [UInt8] = []
    private var parsed: JSONValue = .null

    func tree(_ given: [UInt8], parse: () -> JSONValue) -> JSONValue {
        if given != bytes || given.isEmpty { bytes = given; parsed = parse() }
        return parsed
    }
}

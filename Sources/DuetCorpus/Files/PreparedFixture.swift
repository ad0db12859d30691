import Duet

/// Compact canonical bytes with their content hash, computed once (off the writer's thread on import).
struct CanonicalBlob: Sendable {
    var bytes: [UInt8]
    var hash: ContentHash

    init(_ value: JSONValue) {
        bytes = value.canonicalBytes
        hash = ContentHash(of: bytes)
    }
}

/// A fixture with every blob it stores already written compact and hashed, so the single writer
/// thread only looks up and inserts rows while the parsing threads do the byte work.
struct PreparedFixture: Sendable {
    struct Step: Sendable {
        var action: CanonicalBlob
        var state: CanonicalBlob?
        var effects: CanonicalBlob
        var extras: CanonicalBlob?
        var actionCase: String?
    }

    var fixture: Fixture
    var initial: CanonicalBlob?
    var steps: [Step]
    var extras: CanonicalBlob?
    var scenarioExtras: CanonicalBlob?

    init(_ fixture: Fixture) {
        self.fixture = fixture
        let initialValue = fixture.isChain ? fixture.initialStates.map(JSONValue.object) : fixture.initialState
        initial = initialValue.map(CanonicalBlob.init)
        steps = fixture.steps.map { step in
            Step(action: CanonicalBlob(step.action), state: step.expectedState.map(CanonicalBlob.init),
                 effects: CanonicalBlob(step.expectedEffects),
                 extras: step.extras.isEmpty ? nil : CanonicalBlob(.object(step.extras)),
                 actionCase: step.action["case"]?.stringValue)
        }
        extras = fixture.extras.isEmpty ? nil : CanonicalBlob(.object(fixture.extras))
        scenarioExtras = fixture.scenarioExtras.isEmpty ? nil : CanonicalBlob(.object(fixture.scenarioExtras))
    }
}

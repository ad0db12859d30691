import Duet
import DuetFixtures

/// Compact canonical bytes with their content hash, computed once (off the writer's thread on import).
/// The bytes may be a range of a larger compact document (shared, not copied).
struct CanonicalBlob: Sendable {
    private var storage: [UInt8]
    private var range: Range<Int>
    var hash: ContentHash

    init(_ value: JSONValue) {
        self.init(bytes: value.canonicalBytes)
    }

    init(bytes: [UInt8]) {
        storage = bytes
        range = 0..<bytes.count
        hash = ContentHash(of: bytes)
    }

    /// `range` of `document`, itself compact canonical (any sub-value of a compact document is).
    init(_ range: Range<Int>, of document: [UInt8]) {
        storage = document
        self.range = range
        hash = document.withUnsafeBytes { ContentHash(of: UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    var count: Int { range.count }

    var bytes: [UInt8] { range.count == storage.count ? storage : Array(storage[range]) }

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[range])) }
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
    /// The structural index read from the snapshots (leaf fixtures of a feature with a plan):
    /// per indexed snapshot (initial, then steps with a state) its reading; the transitions with fixture id 0.
    var index: (readings: [IndexRows.SnapshotReading], transitions: [IndexRows.Transition])?

    /// True once the step values were replaced by placeholders (`releasingStepValues`).
    private(set) var stepValuesReleased = false

    /// `plan`: the index plan of the fixture's feature, when it has one.
    init(_ fixture: Fixture, plan: IndexPlan? = nil) {
        self.fixture = fixture
        let initialValue = fixture.isChain ? fixture.initialStates.map(JSONValue.object) : fixture.initialState
        initial = initialValue.map(CanonicalBlob.init)
        steps = fixture.steps.map { step in
            let action = CanonicalBlob(step.action)
            return Step(action: action, state: step.expectedState.map(CanonicalBlob.init),
                        effects: CanonicalBlob(step.expectedEffects),
                        extras: step.extras.isEmpty ? nil : CanonicalBlob(.object(step.extras)),
                        actionCase: Self.stored(action, else: step.action)["case"]?.stringValue)
        }
        extras = fixture.extras.isEmpty ? nil : CanonicalBlob(.object(fixture.extras))
        scenarioExtras = fixture.scenarioExtras.isEmpty ? nil : CanonicalBlob(.object(fixture.scenarioExtras))
        if let plan, !fixture.isChain, fixture.feature == plan.feature {
            var readings: [IndexRows.SnapshotReading] = []
            readings.reserveCapacity(fixture.steps.count + 1)
            if let initial = fixture.initialState, let blob = self.initial {
                readings.append(IndexRows.SnapshotReading(plan: plan, step: nil, state: Self.stored(blob, else: initial)))
            }
            for (offset, step) in fixture.steps.enumerated() {
                if let state = step.expectedState, let blob = steps[offset].state {
                    readings.append(IndexRows.SnapshotReading(plan: plan, step: offset, state: Self.stored(blob, else: state)))
                }
            }
            index = (readings, IndexRows.transitions(readings: readings, actionCases: steps.map(\.actionCase), fixtureID: 0))
        }
    }

    /// The value as stored, for the index: `check` re-derives the index from the stored bytes, which
    /// spell some strings differently from the tree they were written from (UUID-shaped ones in
    /// lowercase). `tree` is only a fallback: canonical bytes always parse.
    private static func stored(_ blob: CanonicalBlob, else tree: JSONValue) -> JSONValue {
        (try? CanonicalJSON.parse(blob.bytes)) ?? tree
    }

    /// A fixture read without trees (`CompactFixtureReader`): `fixture` carries the metadata, with
    /// `null` placeholders where the tree reader holds values (presence kept), like `releasingStepValues`.
    init(withoutTrees fixture: Fixture, initial: CanonicalBlob?, steps: [Step], extras: CanonicalBlob?, scenarioExtras: CanonicalBlob?,
         index: (readings: [IndexRows.SnapshotReading], transitions: [IndexRows.Transition])?) {
        self.fixture = fixture
        self.initial = initial
        self.steps = steps
        self.extras = extras
        self.scenarioExtras = scenarioExtras
        self.index = index
        stepValuesReleased = true
    }

    /// The same fixture without its step values (actions, states, effects become `null`
    /// placeholders, presence kept): everything the writer needs is in the blobs and readings, and
    /// the trees are freed on the parsing thread instead of the writer's, and held half as long.
    func releasingStepValues() -> PreparedFixture {
        var copy = self
        copy.fixture.steps = fixture.steps.map { step in
            var light = step
            light.action = .null
            light.expectedState = step.expectedState == nil ? nil : .null
            light.expectedEffects = .null
            return light
        }
        copy.stepValuesReleased = true
        return copy
    }
}

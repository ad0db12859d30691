import Duet
import DuetFixtures

/// Prepares a fixture file without building trees: one streaming pass makes the whole document
/// compact canonical, then a byte scanner takes each stored blob as a range of it, reads the
/// metadata, and reads the structural index from the snapshot bytes. It stores exactly what the
/// tree reader (`Fixture(name:document:)` + `PreparedFixture`) stores; for anything it does not
/// handle the same way (invalid JSON, a shape error, a UUID-shaped name) it returns nil, and the
/// caller reads the file as a tree, which also words the error.
///
/// ```swift
/// let prepared = CompactFixtureReader.prepare(name: "counter", bytes: fileBytes, plans: plans)
///     ?? PreparedFixture(try Fixture(name: "counter", document: CanonicalJSON.parse(fileBytes)))
/// ```
enum CompactFixtureReader {
    static func prepare(name: String, bytes: [UInt8], plans: [String: IndexPlan]) -> PreparedFixture? {
        guard let canonical = try? CanonicalJSON.canonicalize(bytes), !canonical.isEmpty else { return nil }
        // The canonicalizer's buffer is sized for the worst case; the blobs share a right-sized copy.
        let document = [UInt8](unsafeUninitializedCapacity: canonical.count) { buffer, count in
            _ = buffer.initialize(from: canonical)
            count = canonical.count
        }
        return try? document.withUnsafeBufferPointer { (p) throws(CompactScanner.NeedsTree) in
            var reader = Reader(name: name, document: document, scanner: CompactScanner(p))
            return try reader.read(plans: plans)
        }
    }

    private enum Key {
        static let chain = Array("chain".utf8), dialect = Array("dialect".utf8), description = Array("description".utf8)
        static let feature = Array("feature".utf8), initialState = Array("initialState".utf8)
        static let initialStates = Array("initialStates".utf8), scenario = Array("scenario".utf8), steps = Array("steps".utf8)
        static let source = Array("source".utf8), branch = Array("branch".utf8)
        static let action = Array("action".utf8), expectedEffects = Array("expectedEffects".utf8)
        static let expectedState = Array("expectedState".utf8), label = Array("label".utf8), line = Array("line".utf8)
        static let node = Array("node".utf8), linkToNext = Array("linkToNext".utf8), caseName = Array("case".utf8)
    }

    private struct Reader {
        let name: String
        let document: [UInt8]
        let scanner: CompactScanner

        typealias NeedsTree = CompactScanner.NeedsTree

        mutating func read(plans: [String: IndexPlan]) throws(NeedsTree) -> PreparedFixture {
            let root = 0..<document.count
            guard scanner.isObject(root) else { throw NeedsTree() }
            var fixture = Fixture(name: name, steps: [])
            var initialState: Range<Int>?, initialStates: Range<Int>?, steps: Range<Int>?
            var extras: [Range<Int>] = [], scenarioExtras: [Range<Int>] = []
            var preparedSteps: [PreparedFixture.Step] = []
            var stateRanges: [(state: Range<Int>, members: CompactScanner.Members?)?] = []
            _ = try scanner.walkMembers(ofObjectAt: 0) { (key, valueStart) throws(NeedsTree) -> Int in
                if named(key, Key.steps) {
                    // Walked once, step by step, instead of skipped and then walked.
                    guard scanner.p[valueStart] == UInt8(ascii: "[") else { throw NeedsTree() }
                    let end = try scanner.walkElements(ofArrayAt: valueStart) { (start) throws(NeedsTree) -> Int in
                        let (step, prepared, state, end) = try readStep(at: start)
                        fixture.steps.append(step)
                        preparedSteps.append(prepared)
                        stateRanges.append(state)
                        return end
                    }
                    steps = valueStart..<end
                    return end
                }
                let value = valueStart..<scanner.end(ofValueAt: valueStart)
                if named(key, Key.chain) { fixture.chain = try string(value) }
                else if named(key, Key.dialect) { fixture.dialect = try int(value) }
                else if named(key, Key.description) { fixture.description = try string(value) }
                else if named(key, Key.feature) { fixture.feature = try string(value) }
                else if named(key, Key.initialState) { initialState = value }
                else if named(key, Key.initialStates) { guard scanner.isObject(value) else { throw NeedsTree() }; initialStates = value }
                else if named(key, Key.scenario) {
                    guard scanner.isObject(value) else { throw NeedsTree() }
                    if value.count == 2 { extras.append(member(key, value)); return value.upperBound }
                    try scanner.forEachMember(of: value) { (innerKey, innerValue) throws(NeedsTree) in
                        if named(innerKey, Key.source) { fixture.scenarioSource = try string(innerValue) }
                        else if named(innerKey, Key.branch) { fixture.scenarioBranch = try string(innerValue) }
                        else { scenarioExtras.append(member(innerKey, innerValue)) }
                        return true
                    }
                }
                else { extras.append(member(key, value)) }
                return value.upperBound
            }
            fixture.stepsOmitted = steps == nil
            if initialState != nil { fixture.initialState = .null }
            if initialStates != nil { fixture.initialStates = JSONObject() }
            // A document that cannot be replayed is refused by the tree reader, which words the error.
            var nodes: [String]?
            if let initialStates {
                nodes = []
                try scanner.forEachMember(of: initialStates) { (key, _) throws(NeedsTree) in
                    nodes?.append(try string((key.lowerBound - 1)..<(key.upperBound + 1)))
                    return true
                }
            }
            let outline = FixtureOutline(isChain: fixture.isChain, feature: fixture.feature,
                                         hasInitialState: initialState.map { !scanner.isNull($0) } ?? false, nodes: nodes,
                                         dialect: fixture.dialect, steps: steps == nil ? nil : zip(fixture.steps, zip(preparedSteps, stateRanges)).map {
                FixtureOutline.Step(actionCase: $0.1.0.actionCase, hasExpectedState: $0.1.1.map { !scanner.isNull($0.state) } ?? false, node: $0.0.node)
            })
            guard outline.problem(fixture: name) == nil else { throw NeedsTree() }

            let initialRange = fixture.isChain ? initialStates : initialState
            var index: (readings: [IndexRows.SnapshotReading], transitions: [IndexRows.Transition])?
            if let plan = fixture.feature.flatMap({ plans[$0] }), !fixture.isChain {
                var readings: [IndexRows.SnapshotReading] = []
                readings.reserveCapacity(stateRanges.count + 1)
                if let initialState { readings.append(try IndexRows.SnapshotReading(plan: plan, step: nil, state: initialState, in: scanner)) }
                for (offset, state) in stateRanges.enumerated() {
                    if let state {
                        readings.append(try IndexRows.SnapshotReading(plan: plan, step: offset, state: state.state, members: state.members, in: scanner))
                    }
                }
                index = (readings, IndexRows.transitions(readings: readings, actionCases: preparedSteps.map(\.actionCase), fixtureID: 0))
            }
            return PreparedFixture(withoutTrees: fixture, initial: initialRange.map { CanonicalBlob($0, of: document) },
                                   steps: preparedSteps, extras: object(extras), scenarioExtras: object(scenarioExtras), index: index)
        }

        /// One step: its metadata, its blobs, and its expected state with the state's members (read
        /// while finding the state's end, so the index does not walk the state again).
        private func readStep(at start: Int) throws(NeedsTree)
            -> (FixtureStep, PreparedFixture.Step, (state: Range<Int>, members: CompactScanner.Members?)?, end: Int) {
            guard scanner.p[start] == UInt8(ascii: "{") else { throw NeedsTree() }
            var action: Range<Int>?, effects: Range<Int>?, state: (state: Range<Int>, members: CompactScanner.Members?)?
            var step = FixtureStep(action: .null, expectedState: nil, expectedEffects: .null)
            var extras: [Range<Int>] = []
            let end = try scanner.walkMembers(ofObjectAt: start) { (key, valueStart) throws(NeedsTree) -> Int in
                if named(key, Key.expectedState), scanner.p[valueStart] == UInt8(ascii: "{") {
                    let (members, end) = scanner.members(ofObjectAt: valueStart)
                    state = (valueStart..<end, members)
                    step.expectedState = .null
                    return end
                }
                let value = valueStart..<scanner.end(ofValueAt: valueStart)
                if named(key, Key.action) { action = value }
                else if named(key, Key.expectedEffects) { guard scanner.isArray(value) else { throw NeedsTree() }; effects = value }
                else if named(key, Key.expectedState) { state = (value, nil); step.expectedState = .null }
                else if named(key, Key.label) { step.label = try string(value) }
                else if named(key, Key.line) { step.line = try int(value) }
                else if named(key, Key.node) { step.node = try string(value) }
                else if named(key, Key.linkToNext) { guard let flag = scanner.bool(value) else { throw NeedsTree() }; step.linkToNext = flag }
                else { extras.append(member(key, value)) }
                return value.upperBound
            }
            guard let action, let effects else { throw NeedsTree() }
            let actionCase = try scanner.member(Key.caseName, of: action).flatMap { (name) throws(NeedsTree) in try scanner.string(name) }
            let prepared = PreparedFixture.Step(action: CanonicalBlob(action, of: document), state: state.map { CanonicalBlob($0.state, of: document) },
                                                effects: CanonicalBlob(effects, of: document), extras: object(extras), actionCase: actionCase)
            return (step, prepared, state, end)
        }

        private func named(_ key: Range<Int>, _ name: [UInt8]) -> Bool { scanner.equals(key, name) }

        /// A member's bytes, `"key":value`, from the range of its key (without quotes) and of its value.
        private func member(_ key: Range<Int>, _ value: Range<Int>) -> Range<Int> { (key.lowerBound - 1)..<value.upperBound }

        /// The compact object of `members` (already in canonical order), nil when there are none.
        private func object(_ members: [Range<Int>]) -> CanonicalBlob? {
            guard !members.isEmpty else { return nil }
            var bytes: [UInt8] = [UInt8(ascii: "{")]
            for (offset, range) in members.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: document[range])
            }
            bytes.append(UInt8(ascii: "}"))
            return CanonicalBlob(bytes: bytes)
        }

        private func string(_ value: Range<Int>) throws(NeedsTree) -> String {
            guard let text = try scanner.string(value) else { throw NeedsTree() }
            return text
        }

        private func int(_ value: Range<Int>) throws(NeedsTree) -> Int {
            guard let number = scanner.int(value) else { throw NeedsTree() }
            return Int(number)
        }
    }
}

import Duet
import DuetScenarios
import Foundation
import MemoryLane
import XCTest

/// Every Memory Lane state and effect payload writes its own canonical bytes (the runner's
/// encoding fast path), and for every snapshot the scenarios record writes exactly what its
/// synthesized `Codable` gives.
final class CanonicalConformanceTests: XCTestCase {
    // MARK: - Every feature conforms

    func testEveryFeatureStateAndEffectPayloadIsCanonicalEncodable() {
        XCTAssertEqual(MemoryLaneApp.features.count, 16)
        XCTAssertEqual(Self.missingConformances(MemoryLaneApp.features), [])
    }

    func testAFeatureWithoutConformancesIsNamed() {
        // Negative control: a feature whose state and payload only have Codable.
        XCTAssertEqual(Self.missingConformances(MemoryLaneApp.features + [CodableOnlyFeature.self]),
                       ["codableonly.State", "codableonly.EffectPayload"])
    }

    // MARK: - Every recorded snapshot writes its Codable shape

    func testEveryRecordedStateAndEffectListWritesItsCodableShape() throws {
        let recordings = try MemoryLaneReplay().recordAll()
        var snapshots = 0
        for feature in MemoryLaneApp.features {
            let sweep = Self.sweep(feature, recordings)
            XCTAssertEqual(sweep.failures, [], "\(feature.name): hand-written bytes differ from the Codable shape")
            XCTAssertGreaterThan(sweep.states, 1, "\(feature.name): no recorded states to check")
            XCTAssertEqual(sweep.unreachedEffectCases, [], "\(feature.name): effect cases no recorded step produces (add a sample)")
            snapshots += sweep.states
        }
        XCTAssertGreaterThan(snapshots, 600)
    }

    func testChainInitialStatesWriteTheirCodableShape() throws {
        var checked = 0
        for chain in MemoryLaneApp.chains {
            for (node, tree) in chain.initialStates.sorted(by: { $0.key < $1.key }) {
                let feature = try XCTUnwrap(MemoryLaneApp.features.first { $0.name == node }, "\(chain.chain): unknown node \(node)")
                XCTAssertNoThrow(try Self.verifyState(feature, tree), "chain-\(chain.chain) \(node)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 0)
    }

    /// Payloads the scenarios do not reach on their own (nil labels, rarely taken branches).
    func testHandPickedPayloadsWriteTheirCodableShape() throws {
        try CanonicalConformanceCheck.verify(MainNav.Sheet.inviteCode(prefilledCode: nil))
        try CanonicalConformanceCheck.verify(MainNav.Sheet.inviteCode(prefilledCode: "ABC123"))
        try CanonicalConformanceCheck.verify(Profile.EffectPayload.inviteRequested(prefilledCode: nil))
        try CanonicalConformanceCheck.verify(IntroduceYourself.EffectPayload.saveProfile(name: "Ada", avatarId: nil))
        for sheet in Capture.Sheet.allCases { try CanonicalConformanceCheck.verify(sheet) }
        let session = RootNav.Session(userId: TestIDs.user, displayName: "Ada", onboarded: true)
        for phase: RootNav.Phase in [.splash, .registration, .introduceYourself(session), .onboarding(session), .main(session),
                                     .accept(code: "K7Q2PX", session: session), .accept(code: "K7Q2PX", session: nil)] {
            try CanonicalConformanceCheck.verify(phase)
        }
        for page in Onboarding.Page.allCases { try CanonicalConformanceCheck.verify(page) }
    }

    // MARK: - Negative controls: the sweep sees a wrong conformance

    func testTheSweepCatchesAStateWrittenOutOfKeyOrder() throws {
        let recordings = try MemoryLaneReplay().recordAll()
        let sweep = Self.sweep(MisorderedRootNav.self, recordings)
        XCTAssertGreaterThan(sweep.states, 1)
        XCTAssertEqual(sweep.failures.count, sweep.states, "every rootnav snapshot is refused")
        XCTAssertTrue(sweep.failures.first?.contains("\"acceptedInviteCount\" written after \"isEnterCodePresented\"") == true,
                      sweep.failures.first ?? "no failure")
    }

    func testTheSweepCatchesAStateThatDropsADefault() throws {
        let recordings = try MemoryLaneReplay().recordAll()
        let sweep = Self.sweep(DefaultDroppingRootNav.self, recordings)
        XCTAssertFalse(sweep.failures.isEmpty, "snapshots with no accepted invite diverge")
        XCTAssertLessThan(sweep.failures.count, sweep.states, "snapshots after an accepted invite still match")
        XCTAssertTrue(sweep.failures.allSatisfy { $0.contains("acceptedInviteCount") }, sweep.failures.first ?? "")
    }

    func testTheSweepCatchesAMisnamedEffectCase() throws {
        let recordings = try MemoryLaneReplay().recordAll()
        let sweep = Self.sweep(MisnamedEffectRootNav.self, recordings)
        XCTAssertEqual(sweep.failures.filter { $0.contains("clearsession") }.count, sweep.failures.count)
        XCTAssertFalse(sweep.failures.isEmpty, "the clearSession effect is recorded and must diverge")
    }

    // MARK: - Sweeps

    static func missingConformances(_ features: [any Feature.Type]) -> [String] {
        features.flatMap { missing(in: $0) }
    }

    private static func missing<F: Feature>(in _: F.Type) -> [String] {
        var names: [String] = []
        if !(F.State.self is any CanonicalEncodable.Type) { names.append("\(F.name).State") }
        if !(F.EffectPayload.self is any CanonicalEncodable.Type) { names.append("\(F.name).EffectPayload") }
        return names
    }

    struct Sweep {
        var states = 0
        var failures: [String] = []
        var unreachedEffectCases: [String] = []
    }

    /// Every recorded state of the feature decoded as `F.State`, every step's effects as
    /// `[Effect<F.EffectPayload>]`, each checked with `CanonicalConformanceCheck`.
    static func sweep<F: Feature>(_: F.Type, _ recordings: [MemoryLaneReplay.Recording]) -> Sweep {
        var sweep = Sweep()
        var effectCases: Set<String> = []
        for recording in recordings where recording.feature == F.name {
            for (index, state) in recording.states.enumerated() {
                sweep.states += 1
                do { try verifyState(F.self, state) } catch {
                    sweep.failures.append("\(recording.fixture) state \(index): \(error)")
                }
            }
            for (index, effects) in recording.effects.enumerated() {
                effects.compactMap { $0["payload"]?["case"]?.stringValue }.forEach { effectCases.insert($0) }
                do {
                    let decoded = try CanonicalDecoder().decode([Effect<F.EffectPayload>].self, from: .array(effects))
                    try CanonicalConformanceCheck.verify(decoded)
                } catch {
                    sweep.failures.append("\(recording.fixture) step \(index + 1) effects: \(error)")
                }
            }
        }
        do {
            sweep.unreachedEffectCases = (try EnumCases.names(of: F.EffectPayload.self) ?? []).filter { !effectCases.contains($0) }
        } catch {
            sweep.failures.append("\(F.name) effect cases: \(error)")
        }
        return sweep
    }

    static func verifyState<F: Feature>(_: F.Type, _ tree: JSONValue) throws {
        try CanonicalConformanceCheck.verify(try CanonicalDecoder().decode(F.State.self, from: tree))
    }
}

// MARK: - Deliberately wrong features for the negative controls

/// A feature that never adopted the fast path.
private enum CodableOnlyFeature: Feature {
    struct State: Codable, Sendable { var count = 0 }
    enum Action: SumType, Sendable { case tapped }
    enum EffectPayload: SumType, Sendable { case ping }
    static let name = "codableonly"
    static let initialState = State()
    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] { [] }
}

/// RootNav's state fields with synthesized Codable; `Mistake` decides how `writeCanonical` errs.
private struct RootNavMirror<Mistake: RootNavMistake>: Codable, Sendable, CanonicalEncodable {
    var phase: RootNav.Phase
    var isEnterCodePresented: Bool
    var acceptedInviteCount: Int

    func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try Mistake.writeFirst(of: self, to: &o)
            try o.member("phase", phase)
        }
    }
}

private protocol RootNavMistake: Sendable {
    /// `acceptedInviteCount` and `isEnterCodePresented`, in some order, perhaps not all of them.
    static func writeFirst(of state: RootNavMirror<Self>, to o: inout CanonicalObjectWriter) throws
}

private enum SwappedKeys: RootNavMistake {
    static func writeFirst(of state: RootNavMirror<Self>, to o: inout CanonicalObjectWriter) throws {
        try o.member("isEnterCodePresented", state.isEnterCodePresented)
        try o.member("acceptedInviteCount", state.acceptedInviteCount)
    }
}

private enum DroppedDefault: RootNavMistake {
    static func writeFirst(of state: RootNavMirror<Self>, to o: inout CanonicalObjectWriter) throws {
        try o.member("acceptedInviteCount", state.acceptedInviteCount == 0 ? Int?.none : state.acceptedInviteCount)
        try o.member("isEnterCodePresented", state.isEnterCodePresented)
    }
}

private enum MirroredRootNav<Mistake: RootNavMistake>: Feature {
    typealias State = RootNavMirror<Mistake>
    typealias Action = RootNav.Action
    typealias EffectPayload = RootNav.EffectPayload
    static var name: String { RootNav.name }
    static var initialState: State { State(phase: .splash, isEnterCodePresented: false, acceptedInviteCount: 0) }
    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] { [] }
}

private typealias MisorderedRootNav = MirroredRootNav<SwappedKeys>
private typealias DefaultDroppingRootNav = MirroredRootNav<DroppedDefault>

/// RootNav's effect payload, with `clearSession` written under the wrong case name.
private enum MisnamedSessionEffect: SumType, Sendable, CanonicalEncodable {
    case persistSession(userId: UUID, displayName: String, onboarded: Bool)
    case clearSession

    func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case let .persistSession(userId, displayName, onboarded):
            try writer.sum("persistSession") { o in
                try o.member("displayName", displayName)
                try o.member("onboarded", onboarded)
                try o.member("userId", userId)
            }
        case .clearSession: try writer.sum("clearsession")
        }
    }
}

private enum MisnamedEffectRootNav: Feature {
    typealias State = RootNav.State
    typealias Action = RootNav.Action
    typealias EffectPayload = MisnamedSessionEffect
    static let name = RootNav.name
    static let initialState = RootNav.initialState
    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] { [] }
}

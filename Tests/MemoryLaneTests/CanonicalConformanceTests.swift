import Duet
import DuetScenarios
import Foundation
import MemoryLane
import XCTest

/// The opt-in fast path, proven the way an adopter should prove theirs. Memory Lane's types keep
/// their synthesized `Codable` (one declaration per type; hand-written writers did not pay for
/// themselves end to end — BENCHMARKS.md, "Memory Lane's writers"). The one example here is RootNav's
/// state written by hand, `HandWrittenRootNavState`: it writes exactly its `Codable` shape for every
/// state the scenarios record, and the same sweep catches each way a writer goes wrong.
final class CanonicalConformanceTests: XCTestCase {
    // MARK: - The example writes its Codable shape for every recorded state

    func testTheHandWrittenExampleWritesItsCodableShapeForEveryRecordedState() throws {
        let recordings = try MemoryLaneReplay().recordAll()
        let sweep = Self.sweep(HandWrittenRootNav.self, recordings)
        XCTAssertEqual(sweep.failures, [])
        XCTAssertGreaterThan(sweep.states, 1, "rootnav's recorded states were swept")
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

// MARK: - The example, and deliberately wrong writers for the negative controls

/// RootNav's state fields with synthesized Codable and a hand-written `writeCanonical`; `Mistake`
/// decides how (or whether) the first two members go wrong.
private struct RootNavMirror<Mistake: RootNavMistake>: Codable, Sendable, CanonicalEncodable {
    var phase: RootNav.Phase
    var isEnterCodePresented: Bool
    var acceptedInviteCount: Int

    func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in                               // members in canonical (UTF-8 byte) key order
            try Mistake.writeFirst(of: self, to: &o)
            try o.member("phase", codable: phase)              // a member without a writer of its own goes through Codable
        }
    }
}

private protocol RootNavMistake: Sendable {
    /// `acceptedInviteCount` and `isEnterCodePresented`, in some order, perhaps not all of them.
    static func writeFirst(of state: RootNavMirror<Self>, to o: inout CanonicalObjectWriter) throws
}

/// No mistake: the example.
private enum Correct: RootNavMistake {
    static func writeFirst(of state: RootNavMirror<Self>, to o: inout CanonicalObjectWriter) throws {
        try o.member("acceptedInviteCount", state.acceptedInviteCount)
        try o.member("isEnterCodePresented", state.isEnterCodePresented)
    }
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

private typealias HandWrittenRootNav = MirroredRootNav<Correct>
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

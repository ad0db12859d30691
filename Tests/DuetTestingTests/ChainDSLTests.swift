import Duet
import DuetScenarios
import XCTest

enum Ping: Feature {
    static let name = "ping"
    static let initialState = State()
    struct State: Codable, Sendable { var sent = 0 }
    enum Action: SumType, Sendable { case fire }
    enum EffectPayload: SumType, Sendable { case notifyListener(count: Int) }
    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        state.sent += 1
        return [.run(.notifyListener(count: state.sent))]
    }
}

enum Pong: Feature {
    static let name = "pong"
    static let initialState = State()
    struct State: Codable, Sendable { var received = 0 }
    enum Action: SumType, Sendable { case pingFired(count: Int) }
    enum EffectPayload: SumType, Sendable { case none }
    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        state.received += 1
        return []
    }
}

extension Pong {
    /// Pong hosts ping: ping's notification is pong's pingFired.
    static let ping = Embedding.scope(Pong.self, Ping.self) { delegate in
        switch delegate {
        case .notifyListener(let count): .pingFired(count: count)
        }
    }
}

final class ChainDSLTests: XCTestCase {
    func testASeamHopLinksToTheNextAndPlaysThroughItsEmbedding() throws {
        let chain = Chain("ping-pong", "The seam receipt", initial: [Start(Ping.self, .init()), Start(Pong.self, .init())]) {
            Hop(Ping.self, "fire emits the fired delegate", .fire, seam: Pong.ping)
            Hop(Pong.self, "the ping→pong seam", .pingFired(count: 1))
        }
        XCTAssertEqual(chain.definition.steps.map(\.linkToNext), [true, false])
        XCTAssertEqual(chain.hops.map(\.seamParent), ["pong", nil])
        try chain.play()
        let wrongCount = Chain("ping-pong", "The seam receipt", initial: [Start(Ping.self, .init()), Start(Pong.self, .init())]) {
            Hop(Ping.self, "fire emits the fired delegate", .fire, seam: Pong.ping)
            Hop(Pong.self, "the ping→pong seam", .pingFired(count: 2))
        }
        XCTAssertThrowsError(try wrongCount.play()) { error in
            XCTAssertTrue("\(error)".contains(#"delegates {"case":"pingFired","value":{"count":1}}, but the next hop sends {"case":"pingFired","value":{"count":2}}"#), "\(error)")
        }
        let wrongNode = Chain("ping-ping", "no parent next", initial: [Start(Ping.self, .init()), Start(Pong.self, .init())]) {
            Hop(Ping.self, "fire", .fire, seam: Pong.ping)
            Hop(Ping.self, "fire again", .fire)
        }
        XCTAssertThrowsError(try wrongNode.play()) { error in
            XCTAssertTrue("\(error)".contains("the seam delegates to pong, but the next hop is ping's"), "\(error)")
        }
    }

    func testAChainIsDataMatchingTheReferenceShape() throws {
        let line = #line + 3
        let chain = Chain("ping-pong", "The seam receipt",
                          initial: [Start(Ping.self, .init()), Start(Pong.self, .init())]) {
            Hop(Ping.self, "fire emits the fired delegate", .fire, linkToNext: true)
            Hop(Pong.self, "the ping→pong seam", .pingFired(count: 1))
            Hop(Ping.self, "a second fire on the same chain", .fire)
        }.definition
        XCTAssertEqual(chain.chain, "ping-pong")
        XCTAssertEqual(chain.source, "Tests/DuetTestingTests/ChainDSLTests.swift")
        XCTAssertEqual(chain.initialStates["ping"]?.canonicalString, #"{"sent":0}"#)
        XCTAssertEqual(chain.initialStates["pong"]?.canonicalString, #"{"received":0}"#)
        XCTAssertEqual(chain.steps.map(\.node), ["ping", "pong", "ping"])
        XCTAssertEqual(chain.steps.map(\.line), [line, line + 1, line + 2])
        XCTAssertEqual(chain.steps.map(\.linkToNext), [true, false, false])
        XCTAssertEqual(chain.steps[1].action.canonicalString, #"{"case":"pingFired","value":{"count":1}}"#)
    }

    func testAHopOnANodeWithoutInitialStateIsRefused() {
        let chain = Chain("ping-only", "missing pong", initial: [Start(Ping.self, .init())]) {
            Hop(Pong.self, "orphan", .pingFired(count: 1))
        }
        XCTAssertThrowsError(try chain.makeDefinition()) { error in
            XCTAssertTrue("\(error)".contains("node pong has no initial state"), "\(error)")
        }
    }
}

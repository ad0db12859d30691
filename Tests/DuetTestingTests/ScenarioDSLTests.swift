import Duet
import DuetScenarios
import Foundation
import XCTest

final class ScenarioDSLTests: XCTestCase {
    /// A shared prefix and two endings: upstream's branch-expansion case (UpstreamRuntimeConformanceTests).
    static var endings: Scenario<Counter> {
        Scenario(Counter.self, "counter-endings", "Shared prefix with two static endings — the Branch expansion receipt.", initial: .init()) {
            Step("increment", .increment)
            Branch("keeps counting") { Step("increment again", .increment) }
            Branch("changes its mind") { Step("decrement", .decrement) }
        }
    }

    func testAScenarioIsDataWithSourceAndLines() throws {
        let line = #line + 2
        let definition = Scenario(Counter.self, "counter", "straight", initial: .init()) {
            Step("increment", .increment)
            Step("set", .set(count: 3))
        }.definition
        XCTAssertEqual(definition.feature, "counter")
        XCTAssertEqual(definition.fixture, "counter")
        XCTAssertEqual(definition.source, "Tests/DuetTestingTests/ScenarioDSLTests.swift")
        XCTAssertEqual(definition.initialState.canonicalString, #"{"count":0,"isAutoIncrementing":false}"#)
        XCTAssertEqual(definition.steps.map(\.line), [line, line + 1])
        XCTAssertEqual(definition.steps.map(\.action.canonicalString), [#"{"case":"increment"}"#, #"{"case":"set","value":{"count":3}}"#])
        XCTAssertEqual(definition.paths(), [ScenarioPath(fixture: "counter", branch: nil, steps: definition.steps)])
    }

    func testEachRootToLeafPathIsOneFixture() {
        let paths = Self.endings.definition.paths()
        XCTAssertEqual(paths.map(\.fixture), ["counter-endings.keeps-counting", "counter-endings.changes-its-mind"])
        XCTAssertEqual(paths.map(\.branch), ["keeps-counting", "changes-its-mind"])
        XCTAssertEqual(paths[1].steps.map(\.label), ["increment", "changes its mind › decrement"])
    }

    func testNestedBranchesCompileToDottedSlugs() {
        let definition = Scenario(Counter.self, "counter.nested", "nested", initial: .init()) {
            Step("one", .increment)
            Branch("outer") {
                Step("two", .increment)
                Branch("innerA") { Step("three", .decrement) }
                Branch("inner b") { Step("four", .tick) }
            }
            Branch("other") { Step("five", .decrement) }
        }.definition
        let paths = definition.paths()
        XCTAssertEqual(paths.map(\.fixture), ["counter.nested.outer.inner-a", "counter.nested.outer.inner-b", "counter.nested.other"])
        XCTAssertEqual(paths.map(\.branch), ["outer.inner-a", "outer.inner-b", "other"])
        XCTAssertEqual(paths[0].steps.map(\.label), ["one", "outer › two", "outer › innerA › three"])
        XCTAssertEqual(paths[2].steps.map(\.label), ["one", "other › five"])
    }

    func testAStepAfterABranchIsRefused() {
        let scenario = Scenario(Counter.self, "counter.bad", "bad", initial: .init()) {
            Branch("a") { Step("one", .increment) }
            Step("dangling", .increment)
        }
        XCTAssertThrowsError(try scenario.makeDefinition()) { error in
            XCTAssertTrue("\(error)".contains("a step follows a branch"), "\(error)")
        }
    }

    func testThenChecksRunInProcessButAreNotRecorded() throws {
        struct Mismatch: Error {}
        let holding = Scenario(Counter.self, "counter.checked", "checked", initial: .init()) {
            Step("increment", .increment) { state in if state.count != 1 { throw Mismatch() } }
        }
        try holding.play()
        let failing = Scenario(Counter.self, "counter.checked", "checked", initial: .init()) {
            Step("increment", .increment) { state in if state.count != 2 { throw Mismatch() } }
        }
        XCTAssertThrowsError(try failing.play()) { error in
            XCTAssertEqual((error as? ScenarioCheckFailure)?.label, "increment")
        }
        XCTAssertEqual(holding.definition.steps.map(\.action), failing.definition.steps.map(\.action))
        XCTAssertEqual(holding.definition.steps.map(\.label), failing.definition.steps.map(\.label))
    }

    func testPlayChecksEveryClaimAndNamesWhatMadeItFalse() throws {
        try Scenario(Counter.self, "counter.claims", "claims", initial: .init()) {
            Step("a tick while not ticking is inert", .tick, .inert)
            Step("increment", .increment, .state("the count is one") { $0.count == 1 })
        }.play()
        let changes = Scenario(Counter.self, "counter.claims", "claims", initial: .init()) {
            Step("an increment is inert", .increment, .inert)
        }
        XCTAssertThrowsError(try changes.play()) { error in
            XCTAssertEqual((error as? ScenarioCheckFailure)?.reason, "claims .inert, but the state changed at count: 0 → 1")
        }
        let effects = Scenario(Counter.self, "counter.claims", "claims", initial: .init()) {
            Step("set to zero is inert", .set(count: 0), .inert)
        }
        XCTAssertThrowsError(try effects.play()) { error in
            XCTAssertEqual((error as? ScenarioCheckFailure)?.reason,
                           #"claims .inert, but it returned effects [{"kind":"run","payload":{"case":"announce","value":0}}]"#)
        }
        let stated = Scenario(Counter.self, "counter.claims", "claims", initial: .init()) {
            Step("increment", .increment, .state("the count is two") { $0.count == 2 })
        }
        XCTAssertThrowsError(try stated.play()) { error in
            XCTAssertEqual((error as? ScenarioCheckFailure)?.reason, #"claims "the count is two", which is false after the step"#)
        }
    }

    func testClaimsAreDataInTheDefinitionWithThePredicateKeptInProcess() throws {
        let definition = Scenario(Counter.self, "counter.claims", "claims", initial: .init()) {
            Step("increment", .increment, .state("the count is one") { $0.count == 1 }, .inert)
        }.definition
        let claims = definition.steps[0].claims
        XCTAssertEqual(claims.map(\.kind), [.state, .inert])
        XCTAssertEqual(claims.map(\.says), ["the count is one", "inert"])
        XCTAssertEqual(try claims[0].evaluate?(CanonicalEncoder().encode(Counter.State(count: 1))), true)
        XCTAssertEqual(try claims[0].evaluate?(CanonicalEncoder().encode(Counter.State(count: 3))), false)
    }

    func testSourcePathsAreMachineIndependent() {
        XCTAssertEqual(ScenarioSource.relativePath("/home/ci/Tests/duet/Sources/MemoryLane/Timeline/TimelineScenarios.swift"),
                       "Sources/MemoryLane/Timeline/TimelineScenarios.swift")
        XCTAssertEqual(ScenarioSource.relativePath("/x/Tests/DuetTestingTests/A.swift"), "Tests/DuetTestingTests/A.swift")
        XCTAssertEqual(ScenarioSource.relativePath("MemoryLane/Timeline.swift"), "MemoryLane/Timeline.swift")
    }

    func testBranchSlugs() {
        XCTAssertEqual(BranchSlug.make("changes its mind"), "changes-its-mind")
        XCTAssertEqual(BranchSlug.make("thenBack"), "then-back")
        XCTAssertEqual(BranchSlug.make("  Share: via link! "), "share-via-link")
    }
}

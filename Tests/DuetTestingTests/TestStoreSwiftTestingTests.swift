import Duet
import DuetTesting
import Testing

/// `TestStore` in a Swift Testing suite: a run that holds, and each kind of failure made on purpose,
/// which must arrive as an `Issue` at the step's own file, line and column.
@Suite struct TestStoreSwiftTestingTests {
    @Test func aFullExhaustiveRunHolds() {
        #expect(TestStoreReporting.isSwiftTestingRunning)
        let store = TestStore(Counter.self, initialState: .init(), effects: Counter.live)
        store.send(.increment) { $0.count = 1 }
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        store.clock.advance(by: .seconds(2))
        store.receive(.tick) { $0.count = 2 }
        store.receive(.tick) { $0.count = 3 }
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = false }
        store.expectEffects([.cancel(id: "counter.ticker")])
        store.finish()
        #expect(store.state == Counter.State(count: 3, isAutoIncrementing: false))
    }

    @Test func aWrongStateIsAnIssueAtTheSendsLine() {
        let store = TestStore(Counter.self, initialState: .init())
        let line = #line + 1
        withKnownIssue { store.send(.increment) { $0.count = 2 } } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
                && issue.sourceLocation?.filePath == #filePath
                && issue.comments.contains { $0.rawValue.contains("differs at count") }
        }
        #expect(store.state.count == 1, "the test goes on from the state the feature reached")
        store.finish()
    }

    @Test func wrongEffectsAndAWrongReceiveAreIssuesAtTheirLines() {
        let store = TestStore(Counter.self, initialState: .init(), effects: Counter.live)
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        let effects = #line + 1
        withKnownIssue { store.expectEffects([]) } matching: { $0.sourceLocation?.line == effects }
        store.clock.advance(by: .seconds(1))
        let receive = #line + 1
        withKnownIssue { store.receive(.increment) { $0.count = 1 } } matching: { $0.sourceLocation?.line == receive }
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = false }
        store.expectEffects([.cancel(id: "counter.ticker")])
        store.finish()
    }

    @Test func anUnfinishedRunIsAnIssueAtFinish() {
        let store = TestStore(Counter.self, initialState: .init(), effects: Counter.live)
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        let finish = #line + 1
        withKnownIssue { store.finish() } matching: { issue in
            issue.sourceLocation?.line == finish && issue.comments.contains { $0.rawValue.contains("still in flight") }
        }
    }

    @Test func aStepThatHoldsRecordsNoIssue() {
        // The negative control of the three above: withKnownIssue fails a test whose body records none.
        let store = TestStore(Counter.self, initialState: .init())
        withKnownIssue { store.send(.increment) { $0.count = 1 }; Issue.record("the control's own issue") } matching: { issue in
            issue.comments.contains { $0.rawValue == "the control's own issue" }
        }
        store.finish()
    }
}

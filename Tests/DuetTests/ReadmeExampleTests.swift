import XCTest
import Duet

/// The feature shown in README.md, kept compiling and behaving as the README says.
enum ReadmeCounter: Feature {
    struct State: Codable, Sendable, Equatable {
        var count = 0
        @Slot var sheet: Sheet? = nil
    }
    enum Sheet: String, KindEnum, CaseIterable { case settings }
    enum Action: SumType, CaseNames, CaseIterable { case increment, settingsTapped, sheetDismissed }
    enum EffectPayload: SumType, CaseNames {
        case save(count: Int)
        static let caseNames = ["save"]
    }
    static let name = "counter"
    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .increment:
            state.count += 1
            return [.run(.save(count: state.count), id: "counter.save")]
        case .settingsTapped:
            state.sheet = .settings
            return []
        case .sheetDismissed:
            state.sheet = nil
            return []
        }
    }
}

final class ReadmeExampleTests: XCTestCase {
    func testTheReadmeFeatureEncodesAndDescribesItself() throws {
        var state = ReadmeCounter.State()
        let effects = ReadmeCounter.reduce(&state, .increment)
        XCTAssertEqual(try CanonicalEncoder().canonicalString(state), #"{"count":1}"#)
        XCTAssertEqual(try CanonicalEncoder().canonicalString(effects),
                       #"[{"id":"counter.save","kind":"run","payload":{"case":"save","value":{"count":1}}}]"#)
        _ = ReadmeCounter.reduce(&state, .settingsTapped)
        XCTAssertEqual(try CanonicalEncoder().canonicalString(state), #"{"count":1,"sheet":"settings"}"#)

        let structure = try describe(ReadmeCounter.self)
        XCTAssertEqual(structure.fields.first { $0.path == "sheet" }?.role, "slot")
        XCTAssertEqual(structure.fields.first { $0.path == "sheet" }?.kinds, ["settings"])
        XCTAssertEqual(structure.actions, ["increment", "settingsTapped", "sheetDismissed"])
        XCTAssertEqual(structure.effects, ["save"])
    }
}

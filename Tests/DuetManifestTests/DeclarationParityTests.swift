import Duet
import DuetManifest
import XCTest

final class DeclarationParityTests: XCTestCase {
    let swift = [FeatureStructure(feature: "mainnav", fields: [
        FieldDescription(path: "activeTab", shape: "enum", role: .tabs, kinds: ["myLane", "profile"]),
        FieldDescription(path: "sheet", shape: "optional<sum>", role: .slot, kinds: ["capture"]),
    ], actions: ["tabSelected"], effects: [])]

    func testIdenticalDeclarationsAgree() {
        XCTAssertEqual(DeclarationParity.differences(("swift", swift), ("kotlin", swift)), [])
    }

    func testEveryAspectThatDiffersIsNamed() {
        var kotlin = swift
        kotlin[0].fields[0].kinds = ["myLane"]
        kotlin[0].fields[1].role = .data
        kotlin[0].actions = ["tabSelected", "extra"]
        kotlin.append(FeatureStructure(feature: "timeline", fields: [], actions: [], effects: []))
        let found = DeclarationParity.differences(("swift", swift), ("kotlin", kotlin))
        XCTAssertEqual(found.map(\.aspect), [.kinds, .role, .actions, .feature])
        XCTAssertEqual(found[1].description, "mainnav: field sheet: role slot on swift, data on kotlin")
        XCTAssertEqual(found[3].description, "timeline: served on kotlin only")
    }

    func testAFieldOnOnePlatformOnlyIsNamed() {
        var kotlin = swift
        kotlin[0].fields.removeLast()
        let found = DeclarationParity.differences(("swift", swift), ("kotlin", kotlin))
        XCTAssertEqual(found.map(\.description), ["mainnav: field sheet: slot on swift, absent on kotlin"])
    }

    func testRestoreDefaultsAndSeamsAreCompared() {
        var swift = self.swift
        swift[0].initialState = #"{"activeTab":{"case":"myLane"},"count":0}"#
        swift[0].restore = "overlay"
        swift[0].seams = [SeamDescription(child: "capture", placement: "ifLet"), SeamDescription(child: "profile", placement: "scope")]
        XCTAssertEqual(DeclarationParity.differences(("swift", swift), ("kotlin", swift)), [])
        var kotlin = swift
        kotlin[0].initialState = #"{"activeTab":{"case":"profile"},"count":0}"#
        kotlin[0].restore = "custom"
        kotlin[0].seams = [SeamDescription(child: "capture", placement: "scope")]
        let found = DeclarationParity.differences(("swift", swift), ("kotlin", kotlin))
        XCTAssertEqual(found.map(\.description), [
            "mainnav: restore overlay on swift, custom on kotlin",
            #"mainnav: initialState.activeTab.case: "myLane" on swift, "profile" on kotlin — the default restore starts from it"#,
            "mainnav: seam to capture: ifLet on swift, scope on kotlin",
            "mainnav: seam to profile: scope on swift, absent on kotlin",
        ])
        kotlin[0].seams = nil
        XCTAssertEqual(DeclarationParity.differences(("swift", swift), ("kotlin", kotlin)).last?.description,
                       "mainnav: seams described on swift, absent on kotlin")
    }

    func testAMarkerOnOnePlatformOnlyIsNamed() throws {
        let marked = [FeatureStructure(feature: "camera", fields: [
            FieldDescription(path: "chrome.session", shape: "optional<string>", role: .data, runtimeOnly: true),
            FieldDescription(path: "token", shape: "string", role: .data, runtimeOnly: true),
        ], actions: ["shot"], effects: [])]
        var kotlin = marked
        kotlin[0].fields = kotlin[0].fields.map { var f = $0; f.runtimeOnly = nil; return f }
        let found = DeclarationParity.differences(("swift", marked), ("kotlin", kotlin))
        XCTAssertEqual(found.map(\.aspect), [.runtimeOnly, .runtimeOnly])
        XCTAssertEqual(found.first?.description, "camera: field chrome.session: runtimeOnly true on swift, false on kotlin")
    }
}

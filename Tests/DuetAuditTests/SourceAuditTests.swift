import Foundation
import XCTest
import Duet
@testable import DuetAudit

final class SourceAuditTests: XCTestCase {
    private static let structures = [
        FeatureStructure(feature: "home", fields: [
            FieldDescription(path: "path", shape: "array<sum>", role: .path, kinds: ["detail"]),
            FieldDescription(path: "sheet", shape: "optional<sum>", role: .slot, kinds: ["settings"]),
            FieldDescription(path: "sheetDetent", shape: "enum", role: .data, kinds: ["medium", "large"]),
            FieldDescription(path: "title", shape: "string", role: .data),
        ], actions: ["settingsTapped", "sheetDismissed"], effects: []),
        FeatureStructure(feature: "shell", fields: [FieldDescription(path: "activeTab", shape: "sum", role: .tabs, kinds: ["home"])],
                         actions: [], effects: []),
    ]

    private static let files: [String: String] = [
        "ios/HomeView.swift": """
            import SwiftUI
            struct HomeView: View {
                let store: Store<Home>
                var body: some View {
                    List {}
                        .sheet(item: $store.sheet) { _ in Settings() }
                        .onDisappear { store.state.sheet = nil }
                    Button("Settings") { store.send(.settingsTapped) }
                    Button("Detail") { store.state.path.append(.detail) }
                    if store.sheet == nil { Text("no sheet") }     // a comparison is no write
                    // store.state.sheet = nil  (a comment)
                    Text("store.state.sheet = nil")
                    /* store.state.path.removeLast()
                       across lines */
                    Button("Back") { router.path.removeLast() }
                }
            }
            """,
        "ios/Home.swift": """
            enum Home: Feature {
                struct State { var path: [Route] = []; var sheet: Sheet? = nil; var sheetDetent: Detent = .medium; var title = "" }
                static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
                    state.sheet = nil
                    state.path.append(.detail)
                    return []
                }
            }
            """,
        "android/ShellScreen.kt": """
            @Composable
            fun ShellScreen(vm: ShellViewModel) {
                val state by vm.state.collectAsState()
                TabRow(selected = state.activeTab) { }
                Button(onClick = { vm.state.value = vm.state.value.copy(activeTab = ShellTab.Home) }) { }
                Button(onClick = { vm.send(ShellAction.TabTapped(activeTab = ShellTab.Home)) }) { }
            }
            """,
        "android/build/Generated.kt": "val x = state.copy(activeTab = null)",
        "ios/Home+Sharing.swift": "extension Home {\n    static func share(_ state: inout State) { state.sheet = .settings }\n}\n",
        "ios/HomeScenarios.swift": "import DuetScenarios\nlet start: Home.State = { var s = Home.State(); s.sheet = .settings; return s }()\n",
        "notes.txt": "store.state.sheet = nil",
    ]

    private func tree() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("duet-audit-\(UUID().uuidString)")
        for (path, text) in Self.files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    func testWritesToL0FieldsOutsideReducersAndMannerStateAreFound() throws {
        let root = try tree()
        let report = try SourceAudit.run(paths: ["ios", "android"], relativeTo: root.path, structures: Self.structures, now: Date())
        XCTAssertEqual(report.files, 5, "build output and non-source files are not read")
        XCTAssertEqual(report.reducerFiles, 2, "a reducer, and a helper taking inout State")
        XCTAssertEqual(report.testFiles, 1, "scenario code builds states")
        XCTAssertEqual(report.l0Fields, ["home.path", "home.sheet", "shell.activeTab"])
        XCTAssertEqual(report.findings.map { "\($0.file):\($0.line) \($0.rule) \($0.subject)" }, [
            "android/ShellScreen.kt:5 l0.write shell.activeTab",
            "ios/Home.swift:2 manner.state home.sheetDetent",
            "ios/HomeView.swift:6 l0.write home.sheet",
            "ios/HomeView.swift:7 l0.write home.sheet",
            "ios/HomeView.swift:9 l0.write home.path",
            "ios/HomeView.swift:15 l0.write home.path",
        ])
        XCTAssertTrue(report.findings[2].message.hasPrefix("a two-way binding"), report.findings[2].message)
        XCTAssertTrue(report.findings[3].message.hasPrefix("`= nil`"), report.findings[3].message)
        XCTAssertTrue(report.findings[4].message.hasPrefix("a stack mutation"), report.findings[4].message)
        XCTAssertTrue(report.findings[0].message.hasPrefix("a copy(activeTab = …)"), report.findings[0].message)
        XCTAssertFalse(report.holds)
    }

    func testCleanHostsHoldAndAnUnknownStructureJudgesNothing() throws {
        let root = try tree()
        try "Button(\"x\") { store.send(.sheetDismissed) }\n".write(to: root.appendingPathComponent("ios/HomeView.swift"), atomically: true, encoding: .utf8)
        var structures = Self.structures
        structures[0].fields.removeAll { $0.path == "sheetDetent" }
        let clean = try SourceAudit.run(paths: ["ios"], relativeTo: root.path, structures: structures, now: Date())
        XCTAssertEqual(clean.findings, [])
        XCTAssertTrue(clean.holds)
        XCTAssertTrue(clean.summary.hasPrefix("audit holds"))
        let blind = try SourceAudit.run(paths: ["ios"], relativeTo: root.path, structures: [], now: Date())
        XCTAssertTrue(blind.judgedNothing)
        XCTAssertFalse(blind.holds)
    }

    func testNoSourceUnderThePathsIsBadInput() throws {
        let root = try tree()
        XCTAssertThrowsError(try SourceAudit.run(paths: ["notes.txt"], relativeTo: root.path, structures: Self.structures, now: Date()))
        XCTAssertThrowsError(try SourceAudit.run(paths: ["missing"], relativeTo: root.path, structures: Self.structures, now: Date())) { error in
            XCTAssertEqual((error as? InputError)?.file, "missing")
        }
    }

    func testMannerVocabularyMatchesWholeWordsOfTheFieldName() {
        XCTAssertEqual(MannerVocabulary.phrase(in: "sheetDetent"), "detent")
        XCTAssertEqual(MannerVocabulary.phrase(in: "cardCornerRadius"), "corner radius")
        XCTAssertEqual(MannerVocabulary.phrase(in: "isAnimating"), "animating")
        XCTAssertNil(MannerVocabulary.phrase(in: "cornerstone"))
        XCTAssertNil(MannerVocabulary.phrase(in: "stepsCount"))
        XCTAssertNil(MannerVocabulary.phrase(in: "isEnterCodePresented"))
    }
}

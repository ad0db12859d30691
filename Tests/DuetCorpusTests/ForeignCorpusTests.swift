import XCTest
import Duet
import DuetManifest
@testable import DuetCorpus

/// A tutorial-like app the corpus has no runner for, in the shapes of the open Duet fixtures
/// (dialect 2, `scenario.source`, labelled steps): a counter
/// with no navigation, and a shell with sum-typed tabs, an optional-sum slot, a path of sums, and
/// five navigation-shaped data fields.
enum TutorialApp {
    static func step(_ action: String, _ state: String, label: String, line: Int) -> String {
        #"{"action":{"case":"\#(action)"},"expectedEffects":[],"expectedState":\#(state),"label":"\#(label)","line":\#(line)}"#
    }

    static func fixture(_ feature: String, _ initial: String, _ steps: [String]) -> String {
        #"{"description":"tutorial","dialect":2,"feature":"\#(feature)","initialState":\#(initial),"scenario":{"source":"Tutorial/\#(feature).swift"},"steps":[\#(steps.joined(separator: ","))]}"#
    }

    static let files: [String: String] = [
        "counter": fixture("counter", #"{"count":0,"isAutoIncrementing":false}"#, [
            step("increment", #"{"count":1,"isAutoIncrementing":false}"#, label: "increment", line: 10),
            step("toggleAutoIncrement", #"{"count":1,"isAutoIncrementing":true}"#, label: "auto", line: 11),
        ]),
        "shell.browse": fixture("shell", #"{"isAboutPresented":false,"mode":"browsing","phase":{"case":"idle"},"selectedTab":{"case":"home"},"stack":[],"toasts":[]}"#, [
            step("tabTapped", #"{"isAboutPresented":false,"mode":"browsing","phase":{"case":"idle"},"selectedTab":{"case":"profile"},"stack":[],"toasts":[]}"#, label: "tab", line: 20),
            step("settingsTapped", #"{"destination":{"case":"settings","value":{"section":1}},"isAboutPresented":false,"mode":"browsing","phase":{"case":"idle"},"selectedTab":{"case":"profile"},"stack":[],"toasts":[]}"#, label: "settings", line: 21),
            step("detailTapped", #"{"isAboutPresented":false,"mode":"editing","phase":{"case":"loading","value":{"page":1}},"selectedTab":{"case":"profile"},"stack":[{"case":"detail","value":{"id":7}}],"toasts":[]}"#, label: "detail", line: 22),
        ]),
        "shell.about": fixture("shell", #"{"isAboutPresented":false,"mode":"browsing","phase":{"case":"idle"},"selectedTab":{"case":"home"},"stack":[],"toasts":[]}"#, [
            step("aboutTapped", #"{"alert":{"case":"confirmDelete"},"isAboutPresented":true,"mode":"browsing","phase":{"case":"idle"},"selectedTab":{"case":"home"},"stack":[],"toasts":[{"case":"saved"}]}"#, label: "about", line: 30),
            step("dismissed", #"{"isAboutPresented":false,"mode":"browsing","phase":{"case":"idle"},"selectedTab":{"case":"home"},"stack":[],"toasts":[]}"#, label: "dismiss", line: 31),
        ]),
    ]

    static let structure = """
        features:
          counter:
            structure: {}
          shell:
            structure:
              selectedTab: tabs
              destination: slot
              stack: path
        """

    static let candidates = ["shell.alert", "shell.isAboutPresented", "shell.mode", "shell.phase", "shell.toasts"]

    static let rulings = "census:\n  rulings:\n" + candidates.map {
        "    - {field: \($0), ruling: data, reason: tutorial content, since: 2026-01-01}\n"
    }.joined()

    /// The fixture files in the pinned pretty form.
    static func folder() throws -> URL {
        let folder = try makeTemporaryDirectory("tutorial")
        for (name, text) in files {
            try Data(try CanonicalJSON.parse(text).prettyBytes).write(to: folder.appendingPathComponent("\(name).fixture.json"))
        }
        return folder
    }

    static func imported(manifest text: String) throws -> Corpus {
        let corpus = try Corpus.temporary()
        let manifest = try Manifest.parse(text, file: "m.yaml")
        try corpus.importFixtures(from: try folder().path, manifestStructures: manifest.structuresByFeature)
        return corpus
    }
}

final class ForeignCorpusTests: XCTestCase {
    func testWithoutAStructureTheCensusFailsNamingEveryFeature() throws {
        let corpus = try TutorialApp.imported(manifest: "features: {}\n")
        let census = try corpus.census(rulings: [])
        XCTAssertFalse(census.holds)
        XCTAssertEqual(census.unknownStructure, ["counter", "shell"])
        XCTAssertTrue(census.failures.first?.contains("declare each feature's structure:") ?? false)
        XCTAssertTrue(census.failures.first?.contains("runners:") ?? false)
    }

    func testWithoutAStructureEveryNavigationShapedFieldIsStillACandidateAndASuggestion() throws {
        let corpus = try TutorialApp.imported(manifest: "features: {}\n")
        let census = try corpus.census(rulings: [])
        // The three fields a structure would declare, and the five it would leave as data.
        XCTAssertEqual(census.candidates.map(\.id), ["shell.alert", "shell.destination", "shell.isAboutPresented", "shell.mode", "shell.phase",
                                                     "shell.selectedTab", "shell.stack", "shell.toasts"])
        XCTAssertFalse(census.candidates.contains { $0.feature == "counter" }, "plain data is no candidate")
        let suggestion = try corpus.structureSuggestion()
        XCTAssertEqual(suggestion.features.map(\.feature), ["counter", "shell"])
        let shell = try XCTUnwrap(suggestion.features.last)
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: shell.fields.map { ($0.field, $0.primitive?.rawValue ?? "") }), [
            "alert": "slot", "destination": "slot", "mode": "stage", "phase": "stage", "selectedTab": "tabs", "stack": "path", "toasts": "path",
        ])
        XCTAssertEqual(shell.flags.map(\.field), ["isAboutPresented"])
        let tab = try XCTUnwrap(shell.fields.first { $0.field == "selectedTab" })
        XCTAssertEqual(tab.evidence.cases, ["home", "profile"])
        XCTAssertEqual(tab.evidence.fixtures, ["shell.browse"], "only that fixture switches tabs")
        XCTAssertEqual(try XCTUnwrap(suggestion.features.first).fields, [], "the counter suggests structure: {}")
        // A declared structure leaves nothing to suggest (negative control).
        XCTAssertEqual(try TutorialApp.imported(manifest: TutorialApp.structure).structureSuggestion().features, [])
    }

    func testAnEmptyCorpusJudgesNothingAndDoesNotHold() throws {
        let census = try Corpus.temporary().census(rulings: [])
        XCTAssertTrue(census.judgedNothing)
        XCTAssertFalse(census.holds)
        XCTAssertTrue(census.failures.first?.hasPrefix("nothing to judge") ?? false)
    }

    func testWithAStructureTheCensusCountsExactlyTheDeclaredFields() throws {
        let corpus = try TutorialApp.imported(manifest: TutorialApp.structure)
        let census = try corpus.census(rulings: [])
        XCTAssertEqual(census.unknownStructure, [])
        XCTAssertEqual(census.declared, PrimitiveCounts(path: 1, slot: 1, tabs: 1, stage: 0))
        XCTAssertEqual(census.observed, PrimitiveCounts(path: 1, slot: 1, tabs: 1, stage: 0))
        XCTAssertEqual(census.features.map(\.feature), ["counter", "shell"])
        XCTAssertEqual(Set(try corpus.kindCoverage().entries.map(\.kind)),
                       ["shell.tabs.home", "shell.tabs.profile", "shell.slot.settings", "shell.path.detail"])
    }

    func testCandidatesComeFromTheSnapshotsAloneAndEachUnruledOneFails() throws {
        let corpus = try TutorialApp.imported(manifest: TutorialApp.structure)
        let census = try corpus.census(rulings: [])
        XCTAssertEqual(census.candidates.map(\.id), TutorialApp.candidates)
        let why = Dictionary(uniqueKeysWithValues: census.candidates.map { ($0.id, $0.reasons) })
        XCTAssertTrue(why["shell.alert"]?.contains("optional sum type") ?? false)
        XCTAssertTrue(why["shell.toasts"]?.contains("array of sum types") ?? false)
        XCTAssertTrue(why["shell.isAboutPresented"]?.contains("boolean named like a presentation flag") ?? false)
        XCTAssertTrue(why["shell.mode"]?.contains("enum that changes between snapshots") ?? false)
        XCTAssertTrue(why["shell.phase"]?.contains("sum whose case changes between snapshots") ?? false)
        XCTAssertFalse(census.holds)
        XCTAssertEqual(census.unruled.count, 5)
        // Counter's plain data (an int, a boolean not named like a flag) is no candidate.
        XCTAssertFalse(census.candidates.contains { $0.feature == "counter" })

        let manifest = try Manifest.parse(TutorialApp.structure + "\n" + TutorialApp.rulings, file: "m.yaml")
        XCTAssertTrue(try corpus.census(rulings: manifest.rulings).holds)
        // Negative control: one ruling fewer, one unruled candidate.
        let fewer = try corpus.census(rulings: Array(manifest.rulings.dropFirst()))
        XCTAssertEqual(fewer.unruled.map(\.id), ["shell.alert"])
    }

    func testShapesReadFromSnapshotsAreTheOnesDescribeWouldGive() throws {
        let corpus = try TutorialApp.imported(manifest: TutorialApp.structure)
        let shell = try XCTUnwrap(try corpus.knownStructures().first { $0.feature == "shell" })
        let shapes = Dictionary(uniqueKeysWithValues: shell.fields.map { ($0.path, "\($0.role) \($0.shape)") })
        XCTAssertEqual(shapes, [
            "alert": "data optional<sum>", "destination": "slot ", "isAboutPresented": "data bool", "mode": "data enum",
            "phase": "data sum", "selectedTab": "tabs ", "stack": "path ", "toasts": "data array<sum>",
        ])
    }

    func testTheIndexReadsDeclaredFieldsExactlyAsFromDescribe() throws {
        let declared = try TutorialApp.imported(manifest: TutorialApp.structure)
        let described = try Corpus.temporary()
        try described.setStructures([
            FeatureStructure(feature: "shell", fields: [
                FieldDescription(path: "destination", shape: "optional<sum>", role: .slot, kinds: ["settings"]),
                FieldDescription(path: "selectedTab", shape: "sum", role: .tabs, kinds: ["home", "profile"]),
                FieldDescription(path: "stack", shape: "array<sum>", role: .path, kinds: ["detail"]),
            ], actions: [], effects: []),
            FeatureStructure(feature: "counter", fields: [], actions: [], effects: []),
        ], origin: "runner:swift")
        try described.importFixtures(from: try TutorialApp.folder().path)
        func index(_ corpus: Corpus) throws -> [String] {
            try corpus.database.rows("""
                SELECT f.name || ' ' || coalesce(s.step, -1) || ' ' || k.field || ' ' || k.depth || ' ' || k.kind
                FROM snapshot_kinds k JOIN fixture_snapshots s ON s.snapshot = k.snapshot JOIN fixtures f ON f.id = s.fixture_id
                ORDER BY 1
                """).compactMap { $0[0].text }
                + corpus.database.rows("SELECT fixture || ' ' || step || ' ' || change || ' ' || kind || ' ' || action_case FROM transitions ORDER BY 1")
                .compactMap { $0[0].text }
        }
        let rows = try index(declared)
        XCTAssertTrue(rows.contains("shell.browse 2 stack 1 shell.path.detail"), rows.joined(separator: "\n"))
        XCTAssertTrue(rows.contains("shell.browse 0 selectedTab 0 shell.tabs.profile"))
        XCTAssertEqual(rows, try index(described))
    }
}

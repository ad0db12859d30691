import DuetFixtures
import XCTest
import Duet
import DuetCorpusSamples
@testable import DuetCorpus

/// The navigation map: states named by their kinds, the verbs between them weighted by fixtures,
/// chains' seams, and what each platform's latest full run showed (a divergence drawn where it went).
final class NavigationMapTests: XCTestCase {
    private typealias Q = QuestionsCorpus

    /// A chain where capture's cancel is delivered to mainnav as captureCancelled, after mainnav handed over to capture.
    private let chain = Fixture(name: "chain-mainnav-capture", chain: "mainnav-capture", initialStates: try! JSONObject([
        ("capture", Q.json(#"{"chrome":{"flash":false}}"#)), ("mainnav", Q.json(#"{"activeTab":"myLane"}"#)),
    ]), steps: [
        FixtureStep(node: "mainnav", action: Q.json(#"{"case":"captureTapped"}"#), expectedState: nil, expectedEffects: .array([])),
        FixtureStep(node: "capture", action: Q.json(#"{"case":"cancelTapped"}"#), expectedState: nil,
                    expectedEffects: Q.json(#"[{"kind":"run","payload":{"case":"captureCancelled"}}]"#), linkToNext: true),
        FixtureStep(node: "mainnav", action: Q.json(#"{"case":"captureCancelled"}"#), expectedState: nil, expectedEffects: .array([])),
    ])

    func testNodesAreTheDistinctL0StatesNamedByTheirKindsAndEdgesTheVerbsBetweenThem() throws {
        let map = try Q.make().navigationMap(feature: "mainnav")
        let mainnav = try XCTUnwrap(map.feature("mainnav"))
        XCTAssertEqual(mainnav.nodes.map(\.id), ["tabs:myLane", "tabs:shared", "tabs:shared · slot:capture"])
        XCTAssertEqual(mainnav.node("tabs:shared · slot:capture")?.kinds, ["activeTab=mainnav.tabs.shared", "sheet=mainnav.slot.capture"])
        XCTAssertEqual(mainnav.node("tabs:myLane")?.starts, 1)
        XCTAssertEqual(mainnav.edges.map(\.key), ["tabs:myLane —tabSelected→ tabs:shared", "tabs:shared —captureTapped→ tabs:shared · slot:capture",
                                                  "tabs:shared · slot:capture —sheetDismissed→ tabs:shared"])
        XCTAssertEqual(mainnav.fields.map(\.label), ["tabs", "slot"])
        XCTAssertNil(mainnav.edges[0].platforms, "no run is stored: no platform marks")

        // A path names its entries bottom first; an empty state is the root.
        let timeline = try XCTUnwrap(try Q.make().navigationMap(feature: "timeline").feature("timeline"))
        XCTAssertEqual(timeline.nodes.map(\.id), ["(root)", "path:memoryDetail", "path:memoryDetail · slot:sharePicker"])
    }

    func testAStepThatMovesNoL0FieldIsNoEdgeAndWeightsCountFixtures() throws {
        // Two more fixtures take tabSelected from myLane to shared; one of them also toggles data only.
        let extra = [
            Q.leaf("mainnav.again", "mainnav", #"{"activeTab":"myLane"}"#, [("tabSelected", #"{"activeTab":"shared"}"#),
                                                                          ("badgeCleared", #"{"activeTab":"shared","badge":0}"#)]),
            Q.leaf("mainnav.twice", "mainnav", #"{"activeTab":"myLane"}"#, [("tabSelected", #"{"activeTab":"shared"}"#),
                                                                          ("tabSelected", #"{"activeTab":"myLane"}"#),
                                                                          ("tabSelected", #"{"activeTab":"shared"}"#)]),
        ]
        let mainnav = try XCTUnwrap(try Q.make(extra: extra).navigationMap(feature: "mainnav").feature("mainnav"))
        let forward = try XCTUnwrap(mainnav.edges.first { $0.key == "tabs:myLane —tabSelected→ tabs:shared" })
        XCTAssertEqual(forward.fixtures, 3)
        XCTAssertEqual(forward.steps, 4)
        XCTAssertFalse(mainnav.edges.contains { $0.verb == "badgeCleared" }, "a data-only step moves nothing")
    }

    func testTwoFieldsOfOnePrimitiveAreNamedByFieldAndAFeatureWithoutL0FieldsHasNoMap() throws {
        let structures = Q.structures + [FeatureStructure(feature: "split", fields: [
            Q.field("left", "optional<sum>", .slot, ["a"]), Q.field("right", "optional<sum>", .slot, ["b"]),
        ], actions: [], effects: [])]
        let corpus = try Q.make(extra: [Q.leaf("split", "split", #"{}"#, [("openBoth", #"{"left":"a","right":"b"}"#)])], structures: structures)
        XCTAssertEqual(try corpus.navigationMap(feature: "split").features[0].nodes.map(\.id), ["(root)", "left:a · right:b"])

        XCTAssertThrowsError(try corpus.navigationMap(feature: "onboarding")) { error in
            XCTAssertTrue("\(error)".contains("has no L0 field"), "\(error)")
        }
        XCTAssertThrowsError(try corpus.navigationMap(feature: "mainnva")) { error in
            XCTAssertTrue("\(error)".contains("did you mean mainnav"), "\(error)")
        }
    }

    func testChainsDrawDelegateAndHandOffSeamsAndMarkTheVerbsTheyDeliver() throws {
        let map = try Q.make(extra: [chain]).navigationMap()
        XCTAssertEqual(map.seams.map(\.key), ["delegate capture.cancelTapped → mainnav.captureCancelled", "handoff mainnav.captureTapped → capture"])
        XCTAssertEqual(map.seams.map(\.chains), [1, 1])
        // mainnav's own fixtures never take captureCancelled; capture's map has no edge it delivers.
        XCTAssertFalse(map.feature("mainnav")!.edges.contains { $0.deliveredBy != nil })
        let delivered = try Q.make(extra: [chain, Q.leaf("mainnav.cancel", "mainnav", #"{"activeTab":"myLane","sheet":{"case":"capture"}}"#,
                                                         [("captureCancelled", #"{"activeTab":"myLane"}"#)])]).navigationMap(feature: "mainnav")
        XCTAssertEqual(delivered.feature("mainnav")!.edges.first { $0.verb == "captureCancelled" }?.deliveredBy, ["capture"])
        XCTAssertEqual(try Q.make(extra: [chain]).navigationMap(feature: "timeline").seams, [], "seams touching another feature are left out")
    }

    /// swift passes everything; kotlin's mainnav opens the sheet on the profile tab instead.
    private func corpusWithDivergentKotlin(storeState: Bool = true) throws -> Corpus {
        let corpus = try Q.make(extra: [chain])
        let names = Q.fixtures.map(\.name) + [chain.name]
        try corpus.storeRun(StoredRun(startedAt: "2026-06-01T00:00:00.000Z", platform: "swift", runner: "swift-runner", status: "passed",
                                      scope: .full, fixtureCount: names.count, passedCount: names.count, failedCount: 0, notRunCount: 0,
                                      runnerFailure: nil, durationMilliseconds: 3,
                                      results: names.map { StoredFixtureResult(fixture: $0, status: "passed", stepsRun: 1) }))
        try corpus.storeRun(StoredRun(startedAt: "2026-06-01T00:00:01.000Z", platform: "kotlin", runner: "kotlin-runner", status: "failed",
                                      scope: .full, fixtureCount: names.count, passedCount: names.count - 2, failedCount: 2, notRunCount: 0,
                                      runnerFailure: nil, durationMilliseconds: 3, results: names.map { name in
            switch name {
            case "mainnav":
                return StoredFixtureResult(fixture: name, status: "failed", stepsRun: 1, failureKind: "state", step: 1, path: "activeTab",
                                           expected: #""shared""#, actual: #""profile""#,
                                           actualState: storeState ? Array(#"{"activeTab":"profile","sheet":{"case":"capture"}}"#.utf8) : nil)
            case chain.name:
                return StoredFixtureResult(fixture: name, status: "failed", stepsRun: 1, failureKind: "link", step: 1, path: "[last].payload")
            default:
                return StoredFixtureResult(fixture: name, status: "passed", stepsRun: 1)
            }
        }))
        return corpus
    }

    func testEachPlatformsLatestFullRunMarksWhatItShowedAndADivergenceIsDrawnWhereItWent() throws {
        let map = try corpusWithDivergentKotlin().navigationMap(feature: "mainnav")
        XCTAssertEqual(map.runs.map(\.platform), ["kotlin", "swift"])
        XCTAssertEqual(map.runs.map(\.divergences), [1, 0])
        let mainnav = try XCTUnwrap(map.feature("mainnav"))
        let platforms = Dictionary(mainnav.edges.map { ($0.key, $0.platforms ?? []) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(platforms, [
            "tabs:myLane —tabSelected→ tabs:shared": ["kotlin", "swift"],
            "tabs:shared —captureTapped→ tabs:shared · slot:capture": ["swift"],
            "tabs:shared · slot:capture —sheetDismissed→ tabs:shared": ["swift"],
            "tabs:shared —captureTapped→ tabs:profile · slot:capture": ["kotlin"],
        ])
        let kotlinOnly = try XCTUnwrap(mainnav.edges.first { $0.to == "tabs:profile · slot:capture" })
        XCTAssertFalse(kotlinOnly.recorded)
        XCTAssertEqual(mainnav.node("tabs:profile · slot:capture")?.recorded, false)
        XCTAssertEqual(mainnav.node("tabs:shared · slot:capture")?.platforms, ["swift"])
        // The chain failed at its link on kotlin: only swift replayed past the seam.
        XCTAssertEqual(map.seams.first { $0.kind == .delegate }?.platforms, ["swift"])
        XCTAssertEqual(map.seams.first { $0.kind == .handoff }?.platforms, ["kotlin", "swift"])

        // Negative control: without the state kotlin answered, its divergent step shows no transition.
        let blind = try XCTUnwrap(try corpusWithDivergentKotlin(storeState: false).navigationMap(feature: "mainnav").feature("mainnav"))
        XCTAssertFalse(blind.edges.contains { !$0.recorded })
        XCTAssertEqual(blind.edges.count, 3)
    }

    func testAPlatformsMapKeepsOnlyWhatItsRunShowed() throws {
        let corpus = try corpusWithDivergentKotlin()
        let kotlin = try XCTUnwrap(try corpus.navigationMap(feature: "mainnav", platform: "kotlin").feature("mainnav"))
        XCTAssertEqual(kotlin.edges.map(\.key), ["tabs:myLane —tabSelected→ tabs:shared", "tabs:shared —captureTapped→ tabs:profile · slot:capture"])
        XCTAssertEqual(kotlin.nodes.map(\.id), ["tabs:myLane", "tabs:profile · slot:capture", "tabs:shared"])
        XCTAssertEqual(try corpus.navigationMap(feature: "mainnav", platform: "swift").feature("mainnav")?.edges.count, 3)
        XCTAssertThrowsError(try corpus.navigationMap(platform: "android")) { error in
            XCTAssertTrue("\(error)".contains("duet verify --platform android"), "\(error)")
        }
        // A filtered run never stands for the platform.
        try Q.storeRun(corpus, "ios", scope: RunScope(feature: "mainnav"), at: "2026-06-02T00:00:00.000Z")
        XCTAssertThrowsError(try corpus.navigationMap(platform: "ios"))
    }

    func testTheDifferenceNamesStatesAndEdgesAddedAndRemovedAndIgnoresWeights() throws {
        let before = try Q.make(extra: [chain]).navigationMap()
        let after = try Q.make(extra: [Q.leaf("mainnav.invite", "mainnav", #"{"activeTab":"myLane"}"#,
                                              [("inviteRequested", #"{"activeTab":"myLane","sheet":{"case":"inviteCode"}}"#),
                                               ("tabSelected", #"{"activeTab":"shared","sheet":{"case":"inviteCode"}}"#)])]).navigationMap()
        let change = NavigationMapDifference(from: before, to: after)
        let mainnav = try XCTUnwrap(change.feature("mainnav"))
        XCTAssertEqual(mainnav.addedNodes.map(\.id), ["tabs:myLane · slot:inviteCode", "tabs:shared · slot:inviteCode"])
        XCTAssertEqual(mainnav.addedEdges.map(\.verb), ["inviteRequested", "tabSelected"])
        XCTAssertEqual(mainnav.removedNodes, [])
        XCTAssertEqual(change.removedSeams.count, 2)
        XCTAssertEqual(change.features.map(\.feature), ["mainnav"])
        XCTAssertTrue(NavigationMapDifference(from: after, to: after).isEmpty)
        // The reverse comparison removes what the forward one added.
        XCTAssertEqual(NavigationMapDifference(from: after, to: before).feature("mainnav")?.removedNodes.map(\.id), mainnav.addedNodes.map(\.id))
    }

    func testTheMapIsTheSameBytesEachTime() throws {
        let corpus = try corpusWithDivergentKotlin()
        let first = try CanonicalEncoder().canonicalBytes(try corpus.navigationMap())
        XCTAssertEqual(try CanonicalEncoder().canonicalBytes(try corpus.navigationMap()), first)
    }
}

import XCTest
import Duet
@testable import DuetCorpus
import DuetFixtures

final class StructuralIndexTests: XCTestCase {
    private let structure = FeatureStructure(feature: "nav", fields: [
        FieldDescription(path: "path", shape: "array<sum>", role: .path, kinds: ["detail", "settings"]),
        FieldDescription(path: "sheet", shape: "optional<sum>", role: .slot, kinds: ["camera", "share"]),
        FieldDescription(path: "title", shape: "string", role: .data),
        FieldDescription(path: "media.pager", shape: "object", role: .island("nav.pager")),
    ], actions: ["open", "push", "close"], effects: [])

    private func sampleFixture() throws -> Fixture {
        try navigationFixture(steps: [
            (#"{"case":"open"}"#, #"{"path":[],"sheet":{"case":"camera"},"title":"t"}"#),
            (#"{"case":"push","value":{"id":"1"}}"#, #"{"path":[{"case":"detail","value":{"id":"1"}}],"sheet":{"case":"camera"},"title":"t"}"#),
            (#"{"case":"push","value":{"id":"2"}}"#, #"{"media":{"pager":{"page":2}},"path":[{"case":"detail","value":{"id":"1"}},{"case":"detail","value":{"id":"2"}}],"title":"t"}"#),
        ])
    }

    func testSnapshotsAreIndexedPerFieldWithKindsAndPathDepths() throws {
        let corpus = try Corpus.temporary()
        try corpus.setStructures([structure], origin: "runner")
        try corpus.upsertFixtures([try sampleFixture()])
        let kinds = try corpus.database.rows("SELECT DISTINCT field, depth, kind FROM snapshot_kinds ORDER BY field, depth, kind").map { $0.values }
        XCTAssertEqual(kinds, [
            [.text("path"), .integer(1), .text("nav.path.detail")],
            [.text("path"), .integer(2), .text("nav.path.detail")],
            [.text("sheet"), .integer(0), .text("nav.slot.camera")],
        ])
        // 4 snapshots × 2 L0 fields, one row each even when empty.
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM snapshot_fields"), 8)
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM island_summaries WHERE island = 'nav.pager'"), 1)
    }

    func testTransitionsNameTheKindEnteredOrLeftAndTheAction() throws {
        let corpus = try Corpus.temporary()
        try corpus.setStructures([structure], origin: "runner")
        try corpus.upsertFixtures([try sampleFixture()])
        let rows = try corpus.database.rows("SELECT step, change, kind, depth, action_case FROM transitions ORDER BY step, change, kind").map { $0.values }
        XCTAssertEqual(rows, [
            [.integer(0), .text("entered"), .text("nav.slot.camera"), .integer(0), .text("open")],
            [.integer(1), .text("entered"), .text("nav.path.detail"), .integer(1), .text("push")],
            [.integer(2), .text("entered"), .text("nav.path.detail"), .integer(2), .text("push")],
            [.integer(2), .text("left"), .text("nav.slot.camera"), .integer(0), .text("push")],
        ])
        let verbs = try corpus.database.rows("SELECT action_case, change, kind, steps FROM verbs WHERE kind = 'nav.path.detail'").map { $0.values }
        XCTAssertEqual(verbs, [[.text("push"), .text("entered"), .text("nav.path.detail"), .integer(2)]])
    }

    func testKindCoverageShowsUnreachedDeclaredKinds() throws {
        let corpus = try Corpus.temporary()
        try corpus.setStructures([structure], origin: "runner")
        try corpus.upsertFixtures([try sampleFixture()])
        let coverage = Dictionary(uniqueKeysWithValues: try corpus.database.rows("SELECT kind, fixtures FROM kind_coverage").map {
            ($0[0].text ?? "", $0[1].integer ?? -1)
        })
        XCTAssertEqual(coverage, ["nav.path.detail": 1, "nav.path.settings": 0, "nav.slot.camera": 1, "nav.slot.share": 0])
        XCTAssertEqual(try corpus.database.rows("SELECT fixture FROM fixtures_by_kind WHERE kind = 'nav.slot.camera'").map { $0[0] }, [.text("nav")])
    }

    func testSettingAStructureAfterImportDerivesTheSameIndex() throws {
        let before = try Corpus.temporary()
        try before.setStructures([structure], origin: "runner")
        try before.upsertFixtures([try sampleFixture()])

        let after = try Corpus.temporary()
        try after.upsertFixtures([try sampleFixture()])
        XCTAssertEqual(try after.database.scalarInteger("SELECT count(*) FROM snapshot_kinds"), 0, "no structure, no index")
        try after.setStructures([structure], origin: "runner")
        for table in ["snapshot_kinds", "step_transitions", "snapshot_fields"] {
            XCTAssertEqual(try after.database.rows("SELECT * FROM \(table) ORDER BY 1, 2, 3, 4"),
                           try before.database.rows("SELECT * FROM \(table) ORDER BY 1, 2, 3, 4"), table)
        }
    }

    func testManifestStructureIndexesImportedCorporaAndRawStringKinds() throws {
        let corpus = try Corpus.temporary()
        let fixture = try navigationFixture(feature: "mainnav", steps: [
            (#"{"case":"tabSelected","value":"shared"}"#, #"{"activeTab":"shared"}"#),
        ], initial: #"{"activeTab":"myLane"}"#)
        try corpus.upsertFixtures([fixture])
        try corpus.setStructures(manifestStructures: ["mainnav": ["activeTab": .tabs]])
        let rows = try corpus.database.rows("SELECT change, kind FROM transitions ORDER BY change").map { $0.values }
        XCTAssertEqual(rows, [[.text("entered"), .text("mainnav.tabs.shared")], [.text("left"), .text("mainnav.tabs.myLane")]])
        XCTAssertEqual(try corpus.structures().first?.fields.first?.role, .tabs)
    }
}

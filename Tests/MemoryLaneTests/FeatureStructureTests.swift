import Duet
import DuetScenarios
import MemoryLane
import XCTest

/// `describe` over every feature reports the published structure: path 2, slot 5, tabs 1,
/// stage 1, 27 kinds, three islands, and nothing else navigation-shaped but the two rulings.
final class FeatureStructureTests: XCTestCase {
    private func structures() throws -> [FeatureStructure] {
        try MemoryLaneApp.features.map { try Self.describeAny($0) }
    }

    private static func describeAny<F: Feature>(_ feature: F.Type) throws -> FeatureStructure { try describe(F.self) }

    func testTheCensusIsPath2Slot5Tabs1Stage1() throws {
        let counts = Self.primitiveCounts(try structures())
        XCTAssertEqual(counts, [.path: 2, .slot: 5, .tabs: 1, .stage: 1])
    }

    func testTheL0FieldsAndKindsAreExactlyThePublishedOnes() throws {
        var described: [String] = []
        for structure in try structures() {
            for field in structure.fields where field.role.primitive != nil {
                described += (field.kinds ?? []).map { "\(structure.feature).\(field.role).\($0)" }
                XCTAssertTrue(L0Table.fields.contains { $0.feature == structure.feature && $0.field == field.path },
                              "\(structure.feature).\(field.path) is not in the published table")
            }
        }
        let published = L0Table.fields.flatMap { field in field.kinds.map { "\(field.feature).\(field.primitive).\($0)" } }
        XCTAssertEqual(described.count, 27)
        XCTAssertEqual(described.sorted(), published.sorted())
    }

    func testTheThreeIslandsAreDeclaredWithTheirIDs() throws {
        let islands = try structures().flatMap { structure in
            structure.fields.filter { $0.role.islandID != nil }.map { "\(structure.feature).\($0.path)=\($0.role)" }
        }
        XCTAssertEqual(islands.sorted(), L0Table.islands.map { "\($0.feature).\($0.field)=island:\($0.id)" }.sorted())
    }

    func testTheCountingSeesAnExtraSlot() {
        // Negative control: one more slot field must show up in the counts.
        var structures = [FeatureStructure(feature: "x", fields: [FieldDescription(path: "sheet", shape: "optional<sum>", role: .slot, kinds: ["a"])],
                                           actions: [], effects: [])]
        structures += [FeatureStructure(feature: "y", fields: [FieldDescription(path: "flag", shape: "bool", role: .data)], actions: [], effects: [])]
        XCTAssertEqual(Self.primitiveCounts(structures), [.slot: 1])
    }

    func testOnlyTheTwoRuledFieldsLookNavigationShapedOutsideL0() throws {
        var candidates: [String] = []
        for structure in try structures() {
            for field in structure.fields where field.role == .data && Self.looksNavigational(field) {
                candidates.append("\(structure.feature).\(field.path)")
            }
        }
        XCTAssertEqual(candidates.sorted(), ["onboarding.page", "rootnav.isEnterCodePresented"])
    }

    func testEveryActionAndEffectCaseIsListed() throws {
        for structure in try structures() {
            XCTAssertFalse(structure.actions.isEmpty, "\(structure.feature) lists no actions")
            XCTAssertFalse(structure.effects.isEmpty, "\(structure.feature) lists no effects")
            XCTAssertEqual(Set(structure.actions).count, structure.actions.count, "\(structure.feature) repeats an action")
        }
    }

    func testEveryActionCaseIsExercisedByAFixture() throws {
        let used = Self.usedActions(try MemoryLaneReplay().recordAll())
        for structure in try structures() {
            let unused = structure.actions.filter { !used.contains("\(structure.feature).\($0)") }
            XCTAssertEqual(unused, [], "\(structure.feature) actions no fixture sends")
        }
        // Negative control: the sweep sees an action that no fixture sends.
        XCTAssertFalse(used.contains("timeline.neverSent"))
    }

    // MARK: - Helpers

    static func primitiveCounts(_ structures: [FeatureStructure]) -> [Primitive: Int] {
        var counts: [Primitive: Int] = [:]
        for primitive in structures.flatMap(\.fields).compactMap(\.role.primitive) {
            counts[primitive, default: 0] += 1
        }
        return counts
    }

    /// The census heuristics a state field can trip without any snapshot: enum-valued,
    /// an optional sum, an array of sums, or a flag named like a presentation.
    static func looksNavigational(_ field: FieldDescription) -> Bool {
        let name = field.path.split(separator: ".").last.map(String.init) ?? field.path
        if field.shape == "enum" || field.shape == "sum" || field.shape == "optional<sum>" || field.shape == "array<sum>" { return true }
        if field.shape == "bool", (name.hasPrefix("is") && name.hasSuffix("Presented")) || name.hasPrefix("show") { return true }
        return false
    }

    static func usedActions(_ recordings: [MemoryLaneReplay.Recording]) -> Set<String> {
        Set(recordings.flatMap { recording in recording.actions.compactMap { $0["case"]?.stringValue.map { "\(recording.feature).\($0)" } } })
    }
}

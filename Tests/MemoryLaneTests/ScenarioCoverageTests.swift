import Duet
import DuetScenarios
import MemoryLane
import XCTest

/// The scenario corpus Memory Lane ships: big enough, well named, replayable, and reaching
/// every kind of every L0 field.
final class ScenarioCoverageTests: XCTestCase {
    static let minimumFixtures = 134

    func testTheAppShipsAtLeast134Fixtures() {
        let leaves = MemoryLaneApp.scenarios.flatMap { $0.paths() }.count
        let total = leaves + MemoryLaneApp.chains.count
        XCTAssertGreaterThanOrEqual(total, Self.minimumFixtures, "\(leaves) scenario leaves + \(MemoryLaneApp.chains.count) chains")
    }

    func testEveryFeatureHasScenariosAndEveryFixtureNameIsUniqueAndPrefixed() {
        let scenarios = MemoryLaneApp.scenarios
        let features = Set(MemoryLaneApp.features.map { $0.name })
        XCTAssertFalse(features.isEmpty)
        XCTAssertEqual(features.count, MemoryLaneApp.features.count, "each feature is in the catalogue once")
        XCTAssertEqual(Set(scenarios.map(\.feature)), features, "a feature without scenarios")
        var seen: Set<String> = []
        for scenario in scenarios {
            XCTAssertTrue(scenario.fixture == scenario.feature || scenario.fixture.hasPrefix(scenario.feature + "."),
                          "\(scenario.fixture) is not named after \(scenario.feature)")
            for path in scenario.paths() {
                XCTAssertTrue(seen.insert(path.fixture).inserted, "duplicate fixture \(path.fixture)")
            }
        }
        for chain in MemoryLaneApp.chains {
            XCTAssertTrue(seen.insert("chain-" + chain.chain).inserted, "duplicate chain \(chain.chain)")
            let nodes = Set(chain.steps.map(\.node))
            XCTAssertTrue(nodes.isSubset(of: features), "\(chain.chain) names an unknown node")
            XCTAssertEqual(Set(chain.initialStates.keys), nodes, "\(chain.chain): initial states and nodes differ")
        }
    }

    func testEveryScenarioReplaysThroughTheRunnerPath() throws {
        let recordings = try MemoryLaneReplay().recordAll()
        XCTAssertEqual(recordings.count, MemoryLaneApp.scenarios.flatMap { $0.paths() }.count)
        for recording in recordings {
            XCTAssertEqual(recording.states.count, recording.actions.count + 1)
        }
    }

    func testEveryKindOfEveryL0FieldIsReachedByAFixture() throws {
        let recordings = try MemoryLaneReplay().recordAll()
        let missing = Self.unreachedKinds(in: recordings)
        XCTAssertEqual(missing, [], "kinds no fixture reaches")
        XCTAssertEqual(L0Table.fields.reduce(0) { $0 + $1.kinds.count }, 27)
    }

    func testTheKindCoverageCheckSeesAMissingKind() throws {
        // Negative control: drop every capture fixture that reaches the camera.
        let recordings = try MemoryLaneReplay().recordAll().filter { recording in
            !recording.states.contains { $0["sheet"]?["case"]?.stringValue == "camera" && recording.feature == "capture" }
        }
        XCTAssertEqual(Self.unreachedKinds(in: recordings), ["capture.slot.camera"])
    }

    func testEachIslandSummaryIsChangedByAtMostTwoActions() throws {
        let recordings = try MemoryLaneReplay().recordAll()
        for island in L0Table.islands {
            let changers = Self.actionsChanging(island.field, of: island.feature, in: recordings)
            XCTAssertLessThanOrEqual(changers.count, 2, "\(island.id) changed by \(changers.sorted())")
        }
        XCTAssertEqual(Self.actionsChanging("photoCarousel", of: "memorydetail", in: recordings), ["carouselSettled"])
        // Negative control: the same sweep sees the data field `reaction` move under three actions.
        XCTAssertGreaterThan(Self.actionsChanging("reaction", of: "memorydetail", in: recordings).count, 2)
    }

    // MARK: - Sweeps

    static func unreachedKinds(in recordings: [MemoryLaneReplay.Recording]) -> [String] {
        var reached: Set<String> = []
        for recording in recordings {
            for field in L0Table.fields where field.feature == recording.feature {
                for state in recording.states {
                    for kind in kindsPresent(in: state[field.field]) { reached.insert("\(field.feature).\(field.primitive).\(kind)") }
                }
            }
        }
        let all = L0Table.fields.flatMap { field in field.kinds.map { "\(field.feature).\(field.primitive).\($0)" } }
        return all.filter { !reached.contains($0) }
    }

    static func kindsPresent(in value: JSONValue?) -> [String] {
        switch value {
        case .array(let entries)?: return entries.compactMap { $0["case"]?.stringValue }
        case let value?: return value["case"]?.stringValue.map { [$0] } ?? []
        case nil: return []
        }
    }

    static func actionsChanging(_ field: String, of feature: String, in recordings: [MemoryLaneReplay.Recording]) -> Set<String> {
        var actions: Set<String> = []
        for recording in recordings where recording.feature == feature {
            for (index, action) in recording.actions.enumerated()
            where recording.states[index][field] != recording.states[index + 1][field] {
                actions.insert(action["case"]?.stringValue ?? "?")
            }
        }
        return actions
    }
}

import Duet
import DuetScenarios
import MemoryLane
import XCTest

/// Chains pin the seams between a parent and its children: on a `linkToNext` step the
/// child's last effect payload is, canonically, the parent's next action.
final class ChainSeamTests: XCTestCase {
    func testEveryLinkedStepEmitsExactlyTheNextAction() throws {
        let replay = MemoryLaneReplay()
        var links = 0
        for chain in MemoryLaneApp.chains {
            links += try Self.checkLinks(of: chain, with: replay).count
            XCTAssertTrue(chain.steps.contains { $0.linkToNext }, "\(chain.chain) has no seam")
        }
        XCTAssertGreaterThanOrEqual(links, MemoryLaneApp.chains.count)
    }

    func testABrokenSeamIsCaught() throws {
        // Negative control: the parent's action no longer has the child's delegate shape.
        var chain = try XCTUnwrap(MemoryLaneApp.chains.first { $0.chain == "rootnav-splash" })
        let last = chain.steps.count - 1
        chain.steps[last].action = try CanonicalEncoder().encode(RootNav.Action.noSession)
        XCTAssertThrowsError(try Self.checkLinks(of: chain, with: MemoryLaneReplay()))
    }

    func testEveryParentChildSeamHasAChain() {
        let names = Set(MemoryLaneApp.chains.map(\.chain))
        for child in ["splash", "registration", "entercode", "introduceyourself", "onboarding", "accept", "profile"] {
            XCTAssertTrue(names.contains("rootnav-\(child)"), "rootnav-\(child)")
        }
        for child in ["capture", "priming", "invitecode", "profile"] { XCTAssertTrue(names.contains("mainnav-\(child)"), "mainnav-\(child)") }
        for seam in ["timeline-memorydetail", "timeline-sharepicker", "memorydetail-sharepicker", "shared-sharepicker"] {
            XCTAssertTrue(names.contains(seam), seam)
        }
    }

    struct BrokenSeam: Error, CustomStringConvertible { var description: String }

    /// Replays the chain and returns the linked step indices; throws at the first broken seam.
    static func checkLinks(of chain: ChainDefinition, with replay: MemoryLaneReplay) throws -> [Int] {
        var states = chain.initialStates
        var linked: [Int] = []
        for (index, step) in chain.steps.enumerated() {
            let reduced = try replay.reduce(step.node, state: states[step.node]!, action: step.action)
            states[step.node] = reduced.state
            guard step.linkToNext else { continue }
            guard index + 1 < chain.steps.count else { throw BrokenSeam(description: "\(chain.chain): last step links to nothing") }
            let lastRun = reduced.effects.last
            guard let payload = lastRun?["payload"], payload == chain.steps[index + 1].action else {
                throw BrokenSeam(description: "\(chain.chain) step \(index) \"\(step.label)\": last payload \(reduced.effects.last?.canonicalString ?? "none") is not the next action \(chain.steps[index + 1].action.canonicalString)")
            }
            linked.append(index)
        }
        return linked
    }
}

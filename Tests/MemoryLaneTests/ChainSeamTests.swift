import Duet
import DuetScenarios
import MemoryLane
import XCTest

/// Chains pin the seams between a parent and its children: on a `linkToNext` step the
/// child's last effect payload is, canonically, the parent's next action — and in Swift that
/// step names the `Embedding` whose typed delegate mapping makes exactly that action.
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

    func testEveryTypedSeamDelegatesExactlyTheNextHopsActionWhileItsParentMountsTheChild() throws {
        var seams = 0
        for chain in MemoryLaneApp.chainScenarios {
            XCTAssertNoThrow(try chain.play(), "\(chain.chain)")
            seams += chain.hops.count { $0.seamParent != nil }
        }
        XCTAssertEqual(seams, 17)
    }

    func testEveryLinkedStepOfTheFixturesOfRecordIsATypedSeam() throws {
        // The fixtures are what both platforms replay; each of their seams must be one the compiler checks.
        var linked = 0
        for chain in MemoryLaneApp.chainScenarios {
            let file = try PackageRoot.read("parity/fixtures/chain-\(chain.chain).fixture.json")
            let steps = try CanonicalJSON.parse(Array(file.utf8))["steps"]?.arrayValue ?? []
            let recorded = steps.indices.filter { steps[$0]["linkToNext"]?.boolValue == true }
            XCTAssertEqual(recorded, chain.hops.indices.filter { chain.hops[$0].seamParent != nil }, chain.chain)
            XCTAssertEqual(recorded.map { steps[$0 + 1]["node"]?.stringValue }, recorded.map { chain.hops[$0].seamParent }, chain.chain)
            linked += recorded.count
        }
        XCTAssertEqual(linked, 17)
    }

    func testASeamThatDelegatesTheWrongActionIsCaught() {
        // Negative control: the splash's restored session mapped to the root's noSession.
        let wrong = Embedding.ifLet(RootNav.self, Splash.self, shown: { $0.phase == .splash }) { _ in .noSession }
        XCTAssertThrowsError(try Self.splashChain(via: wrong).play()) { error in
            XCTAssertTrue("\(error)".contains(#"the seam delegates {"case":"noSession"}, but the next hop sends {"case":"sessionRestored""#), "\(error)")
            XCTAssertEqual((error as? ChainPlayFailure)?.label, "loaded: delegate out")
        }
    }

    func testASeamWhoseParentDoesNotMountTheChildIsCaught() {
        let hidden = Embedding.ifLet(RootNav.self, Splash.self, shown: { $0.phase == .registration }, delegate: RootNav.splash.delegate)
        XCTAssertThrowsError(try Self.splashChain(via: hidden).play()) { error in
            XCTAssertTrue("\(error)".contains("rootnav does not mount splash here (ifLet)"), "\(error)")
        }
    }

    func testASeamWhoseLastEffectIsNoDelegateIsCaught() {
        let silent = Embedding.ifLet(RootNav.self, Splash.self, shown: { _ in true }) { _ in nil }
        XCTAssertThrowsError(try Self.splashChain(via: silent).play()) { error in
            XCTAssertTrue("\(error)".contains("the last effect is not a delegate of the seam to rootnav"), "\(error)")
        }
    }

    /// The rootnav-splash chain with its seam carried by `embedding`.
    static func splashChain(via embedding: Embedding<RootNav, Splash>) -> Chain {
        Chain("rootnav-splash", "", initial: [Start(Splash.self, Splash.State()), Start(RootNav.self, RootNav.State())]) {
            Hop(Splash.self, "appeared: load the session", .appeared)
            Hop(Splash.self, "loaded: delegate out", .sessionLoaded(userId: TestIDs.user, displayName: "Ada", onboarded: true), seam: embedding)
            Hop(RootNav.self, "restored: main", .sessionRestored(userId: TestIDs.user, displayName: "Ada", onboarded: true))
        }
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

import Foundation
import XCTest
import Duet
@testable import DuetCLI

/// `duet scope`: what governs each kind of file of a small adopter tree, and what does not.
final class ScopeVerbTests: XCTestCase {
    private var root: URL!

    /// A tree with one feature (Swift source, scenarios, a helper beside them), its Kotlin twin and a
    /// file beside the twin, a leaf and a chain fixture, a mutation plan row, and an unrelated README.
    override func setUpWithError() throws {
        root = try temporaryDirectory()
        try write("parity/manifest.yaml", """
            runners:
              swift: swift run -q counter-runner
            features:
              counter:
                swift: Sources/App/Counter/Counter.swift
                scenario: Sources/App/Counter/CounterScenarios.swift
                state: Counter.State
            chains:
              - chain-root-counter

            """)
        try write("Sources/App/Counter/Counter.swift", "// the reducer\n")
        try write("Sources/App/Counter/CounterScenarios.swift", "// the scenarios\n")
        try write("Sources/App/Counter/CounterRoute.swift", "// a route the reducer uses\n")
        try write("Sources/App/Other.swift", "// no feature's folder\n")
        try write("Sources/counter-runner/main.swift", "// the runner\n")
        try write("kotlin/app/src/main/kotlin/app/Counter.kt",
                  "package app\n\nobject Counter : Feature<Counter.State, Counter.Action, Counter.EffectPayload>(\"counter\", State.Coding) {\n}\n")
        try write("kotlin/app/src/main/kotlin/app/CounterEmbeddings.kt", "package app\n")
        try write("kotlin/app/src/main/kotlin/app/Other.kt", "package app\n")
        try write("README.md", "# counter\n")
        try write("parity/fixtures/counter.increments.fixture.json", """
            {"feature":"counter","description":"It counts.","initialState":{"count":0},
             "steps":[{"action":{"case":"increment"},"expectedState":{"count":1},"expectedEffects":[]}]}

            """)
        try write("parity/fixtures/chain-root-counter.fixture.json", """
            {"chain":"root-counter","description":"The root opens the counter.","initialStates":{"root":{},"counter":{"count":0}},
             "steps":[{"node":"counter","action":{"case":"increment"},"expectedEffects":[]}]}

            """)
        try write("parity/mutations.json", """
            {"platforms": {"swift": {"sources": ["Sources"], "build": "true"}},
             "mutations": [{"name": "counter-step", "file": "Sources/App/Counter/Counter.swift", "old": "reducer", "new": "mutant", "about": "counts by two"}]}

            """)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func scope(_ paths: String..., in folder: String? = nil) throws -> (CLIRun, [JSONValue]) {
        let run = duet(["scope"] + paths + ["--format", "json"], in: folder ?? root.path)
        guard run.status == .holds else { return (run, []) }
        return (run, try XCTUnwrap(try CanonicalJSON.parse(run.stdoutBytes).arrayValue, run.stdout))
    }

    private func roles(_ entry: JSONValue) -> [String] { entry["roles"]?.arrayValue?.compactMap { $0["role"]?.stringValue } ?? [] }
    private func gates(_ entry: JSONValue) -> [String] { entry["gates"]?.arrayValue?.compactMap { $0["command"]?.stringValue } ?? [] }
    private func strings(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }

    func testAFeatureSourceIsGovernedByItsGatesFixturesAndMutationRows() throws {
        let (run, scopes) = try scope("Sources/App/Counter/Counter.swift")
        XCTAssertEqual(run.status, .holds, run.stderr)
        let entry = try XCTUnwrap(scopes.first)
        XCTAssertEqual(entry["governed"], .bool(true))
        XCTAssertEqual(roles(entry), ["feature-source", "mutation-row"])
        XCTAssertEqual(strings(entry["features"]), ["counter"])
        XCTAssertEqual(strings(entry["fixtures"]), ["chain-root-counter", "counter.increments"], "its leaf fixtures and the chains through it")
        XCTAssertTrue(gates(entry).contains("duet verify --feature counter --platform swift"), "\(gates(entry))")
        XCTAssertTrue(gates(entry).contains("duet mutate --row counter-step"), "\(gates(entry))")
    }

    func testEachKindOfFileHasItsRole() throws {
        let paths = ["Sources/App/Counter/CounterScenarios.swift", "Sources/App/Counter/CounterRoute.swift",
                     "kotlin/app/src/main/kotlin/app/Counter.kt", "kotlin/app/src/main/kotlin/app/CounterEmbeddings.kt",
                     "parity/fixtures/counter.increments.fixture.json", "parity/fixtures/chain-root-counter.fixture.json",
                     "parity/manifest.yaml", "parity/mutations.json", "Sources/counter-runner/main.swift"]
        let (run, scopes) = try scope(paths[0], paths[1], paths[2], paths[3], paths[4], paths[5], paths[6], paths[7], paths[8])
        XCTAssertEqual(run.status, .holds, run.stderr)
        XCTAssertEqual(scopes.map(roles), [["scenario"], ["feature-folder"], ["kotlin-twin"], ["kotlin-twin"], ["fixture"], ["fixture"],
                                           ["manifest"], ["mutation-plan"], ["runner"]])
        XCTAssertEqual(gates(scopes[0]), ["duet record --check --feature counter"])
        XCTAssertTrue(gates(scopes[2]).contains("duet verify --feature counter --platform kotlin"), "\(gates(scopes[2]))")
        XCTAssertEqual(strings(scopes[5]["features"]), ["counter"], "a chain belongs to the features it steps through")
        XCTAssertTrue(gates(scopes[5]).contains("duet lint"), "the manifest lists the chain")
        XCTAssertFalse(gates(scopes[4]).contains("duet lint"), "no manifest list names the leaf fixture")
        XCTAssertTrue(gates(scopes[4]).contains("duet verify --fixture counter.increments --platform all"))
    }

    func testAFileNothingNamesIsNotGoverned() throws {
        // Negative controls beside the governed files above: same folders, nothing names them.
        let (run, scopes) = try scope("README.md", "Sources/App/Other.swift", "kotlin/app/src/main/kotlin/app/Other.kt")
        XCTAssertEqual(run.status, .holds, run.stderr)
        XCTAssertEqual(scopes.map { $0["governed"] }, [.bool(false), .bool(false), .bool(false)])
        let text = duet("scope", "README.md", in: root.path)
        XCTAssertEqual(text.stdout, "README.md: not governed — no fixture, scenario, feature source, Kotlin twin, manifest entry or mutation row names it; no gate notices a change to it\n")
        // Relative to the working directory, from inside the tree.
        let (inside, found) = try scope("Counter.swift", in: root.appendingPathComponent("Sources/App/Counter").path)
        XCTAssertEqual(inside.status, .holds, inside.stderr)
        XCTAssertEqual(found.first?["path"]?.stringValue, "Sources/App/Counter/Counter.swift")
    }

    func testAPathOutsideTheTreeOrMissingIsBadInput() throws {
        let missing = duet("scope", "Sources/App/Nowhere.swift", in: root.path)
        XCTAssertEqual(missing.status, .usage)
        XCTAssertTrue(missing.stderr.contains("no such file, and nothing names it"), missing.stderr)
        let outside = duet("scope", "/etc/hostname", in: root.path)
        XCTAssertEqual(outside.status, .usage)
        XCTAssertTrue(outside.stderr.contains("is outside the tree"), outside.stderr)
        // A declared file that is gone is still governed (and said to be missing).
        try FileManager.default.removeItem(at: root.appendingPathComponent("Sources/App/Counter/CounterScenarios.swift"))
        let gone = duet("scope", "Sources/App/Counter/CounterScenarios.swift", in: root.path)
        XCTAssertEqual(gone.status, .holds, gone.stderr)
        XCTAssertTrue(gone.stdout.contains("(missing)"), gone.stdout)
    }
}

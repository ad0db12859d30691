import Foundation
import XCTest
import DuetCorpus
import DuetGates
import DuetPackageGraph
@testable import DuetCLI

/// The README's "Writing a feature" section, kept true: its package links the framework products
/// only (read back with `swift package dump-package` and `show-dependencies`), its feature block
/// compiles as a module of its own (public types crossing a module boundary, Swift 6), its runner
/// links against nothing but what those products bring, its test compiles against DuetTesting,
/// and the adopter loop — init, record, verify, record --check — works in a fresh folder.
final class AdopterLoopTests: XCTestCase {
    private var work: URL!
    override func setUpWithError() throws { work = try temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: work) }

    /// The checkout the adopter's package depends on is a folder not named `duet` (a clone into
    /// `duet-main`), and its `package:` arguments follow the identity rule `duet init` prints.
    func testTheReadmeFeatureAndRunnerBuildAsAnAdoptersPackageAndRecord() throws {
        let blocks = try Self.readmeBlocks()
        let rule = try Self.identityRule()
        XCTAssertNotEqual(rule.folder, "duet", "the rule is checked on a folder with another name")
        let adopter = try AdopterPackage(readme: blocks, in: work, checkout: rule.folder, identity: rule.identity)
        let package = try PackageGraph.dumped(root: packageRoot).graph
        // It resolves this package and nothing else, and links the framework's library products only.
        XCTAssertEqual(adopter.resolved.map(\.identity), [rule.identity], "\(adopter.resolved)")
        XCTAssertEqual(adopter.resolved.first.map { URL(fileURLWithPath: $0.path).resolvingSymlinksInPath().path },
                       packageRoot.resolvingSymlinksInPath().path)
        XCTAssertEqual(adopter.resolved.first?.dependencies, 0, "Duet brings no package of its own")
        let prefix = rule.identity + "/"
        let libraries = Set(package.products.filter { $0.kind == "library" }.map { prefix + $0.name })
        let used = ["CounterFeature", "counter-runner", "CounterFeatureTests"].flatMap(adopter.products(of:))
        XCTAssertEqual(Set(used), Set(["Duet", "DuetRunner", "DuetScenarios", "DuetTesting"].map { prefix + $0 }), "\(used)")
        XCTAssertTrue(Set(used).isSubset(of: libraries), "the README names products the package exports: \(used), \(libraries)")
        XCTAssertTrue(Set(used.map { String($0.dropFirst(prefix.count)) }).isSubset(of: FrameworkLines.framework))
        // Built against exactly the modules those products bring: a framework module that needed a
        // toolchain symbol would not link.
        func modules(_ target: String) -> [String] {
            let roots = adopter.products(of: target).compactMap { product in package.products.first { prefix + $0.name == product } }.flatMap(\.targets)
            return Set(roots.flatMap { package.reach(from: $0) }).sorted()
        }
        XCTAssertFalse(modules("counter-runner").contains("DuetFixtures"), "\(modules("counter-runner"))")
        let build = try BuildProducts()
        let feature = try build.compileModule("CounterFeature", source: blocks.feature, in: work)
        let runner = try build.compileExecutable("counter-runner", source: blocks.runner, linking: feature,
                                                 modules: Set(modules("counter-runner") + modules("CounterFeature")).sorted(), in: work)
        _ = try build.compileModule("CounterFeatureTests", source: blocks.tests, in: work, flags: ["-I", work.path])

        let app = work.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let initialized = duet("init", in: app.path)
        XCTAssertEqual(initialized.status, .holds, initialized.stderr)
        for path in ["parity/manifest.yaml", "parity/fixtures", "Sources/duet-runner/main.swift", ".gitignore"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: app.appendingPathComponent(path).path), path)
        }
        let corpus = ["--corpus", app.appendingPathComponent("corpus.db").path]
        let record = duet(corpus + ["record", "--runner", runner], in: app.path)
        XCTAssertEqual(record.status, .holds, record.stdout + record.stderr)
        let fixtures = app.appendingPathComponent("parity/fixtures")
        let files = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".fixture.json") }.sorted()
        XCTAssertEqual(files, ["counter.keeps-counting.fixture.json", "counter.settings.fixture.json"])
        let settings = String(decoding: try Data(contentsOf: fixtures.appendingPathComponent("counter.settings.fixture.json")), as: UTF8.self)
        XCTAssertTrue(settings.contains("\"case\": \"save\",\n            \"value\": {\n              \"count\": 1"), settings)
        XCTAssertTrue(settings.contains("\"sheet\": \"settings\""), settings)
        let structure = try XCTUnwrap(try Corpus.open(at: app.appendingPathComponent("corpus.db").path).structures().first)
        XCTAssertEqual(structure.fields.first { $0.path == "sheet" }?.role, .slot)
        XCTAssertEqual(structure.fields.first { $0.path == "sheet" }?.kinds, ["settings"])
        XCTAssertEqual(structure.actions, ["increment", "settingsTapped", "sheetDismissed"])
        XCTAssertEqual(structure.effects, ["save"])
        XCTAssertEqual(duet(corpus + ["verify", "--runner", runner], in: app.path).status, .holds)
        XCTAssertEqual(duet(corpus + ["record", "--check", "--runner", runner], in: app.path).status, .holds)
        // Negative control: a second init refuses and writes nothing.
        let manifest = try Data(contentsOf: app.appendingPathComponent("parity/manifest.yaml"))
        XCTAssertEqual(duet("init", in: app.path).status, .usage)
        XCTAssertEqual(try Data(contentsOf: app.appendingPathComponent("parity/manifest.yaml")), manifest)
    }

    /// Negative controls of the package checks: an app that asks for a toolchain module (the corpus)
    /// does not even resolve, because the package does not export it; nor does one that names the
    /// package `duet` while its checkout folder is named otherwise.
    func testAnAdopterPackageThatAsksForTheCorpusDoesNotResolve() throws {
        let rule = try Self.identityRule()
        let unnamed = work.appendingPathComponent("misnamed")
        try FileManager.default.createDirectory(at: unnamed, withIntermediateDirectories: true)
        XCTAssertThrowsError(try AdopterPackage(readme: try Self.readmeBlocks(), in: unnamed, checkout: rule.folder, identity: "duet")) { error in
            XCTAssertTrue("\(error)".contains("unknown package 'duet'"), "\(error)")
        }
        var blocks = try Self.readmeBlocks()
        blocks.manifest = blocks.manifest.replacingOccurrences(of: #".product(name: "Duet", package: "duet")"#,
                                                                with: #".product(name: "DuetCorpus", package: "duet")"#)
        XCTAssertThrowsError(try AdopterPackage(readme: blocks, in: work)) { error in
            XCTAssertTrue("\(error)".contains("product 'DuetCorpus' required by package 'counter' target 'CounterFeature' not found in package 'duet'"), "\(error)")
        }
    }

    /// Done by hand from the README's Counter, kept: a comment line above the scenario is metadata
    /// (`record --check` holds and counts it); a drift is kept as a file and not accepted over a
    /// fixture edited since; an orphan fixture fails `--check`; the stored milestone names no
    /// machine path. Each with its negative control.
    func testAnAdoptersGatesJudgeBehaviourOnlyAndTheirFilesCarryNoMachinePath() throws {
        let blocks = try Self.readmeBlocks()
        let build = try BuildProducts()
        let feature = try build.compileModule("CounterFeature", source: blocks.feature, in: work)
        let runner = try build.compileExecutable("counter-runner", source: blocks.runner, linking: feature, modules: Self.runnerModules, in: work)
        let shiftedSource = blocks.runner.replacingOccurrences(of: "\nlet counting = Scenario(", with: "\n// Counting, as the README shows it.\nlet counting = Scenario(")
        XCTAssertNotEqual(shiftedSource, blocks.runner)
        let shifted = try build.compileExecutable("counter-runner-shifted", source: shiftedSource, linking: feature, modules: Self.runnerModules, in: work)
        let brokenFolder = work.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: brokenFolder, withIntermediateDirectories: true)
        let brokenSource = blocks.feature.replacingOccurrences(of: "state.count += 1", with: "state.count += 5")
        XCTAssertNotEqual(brokenSource, blocks.feature)
        let broken = try build.compileExecutable("counter-runner", source: blocks.runner,
                                                 linking: try build.compileModule("CounterFeature", source: brokenSource, in: brokenFolder), modules: Self.runnerModules, in: brokenFolder)

        let app = work.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        XCTAssertEqual(duet("init", in: app.path).status, .holds)
        let corpus = ["--corpus", app.appendingPathComponent("corpus.db").path]
        func run(_ arguments: String...) -> CLIRun { duet(corpus + arguments, in: app.path) }
        XCTAssertEqual(run("record", "--runner", runner).status, .holds)
        let fixtures = app.appendingPathComponent("parity/fixtures")
        let settings = fixtures.appendingPathComponent("counter.settings.fixture.json")
        let committed = try Data(contentsOf: settings)

        // A comment line above the scenario moves every step's line: metadata, counted, never a failure.
        let check = run("record", "--check", "--runner", shifted)
        XCTAssertEqual(check.status, .holds, check.stdout + check.stderr)
        XCTAssertEqual(check.stdout.split(separator: "\n").last, "record --check: no drift — 2 fixtures, 2 metadata-only", check.stdout)
        XCTAssertTrue(run("record", "--check", "--verbose", "--runner", shifted).stdout.contains("steps[0].line"))
        XCTAssertEqual(try Data(contentsOf: settings), committed, "--check writes nothing")
        let rewrite = run("record", "--runner", shifted)
        XCTAssertEqual(rewrite.status, .holds)
        XCTAssertTrue(rewrite.stdout.hasSuffix("0 unchanged, 2 metadata-only rewritten\n"), rewrite.stdout)
        XCTAssertEqual(run("record", "--runner", runner).status, .holds)
        // Negative control: a change of behaviour fails the check.
        let drift = run("record", "--check", "--runner", broken)
        XCTAssertEqual(drift.status, .findings)
        XCTAssertTrue(drift.stdout.split(separator: "\n").last?.hasPrefix("record --check: drift — 2 fixtures, 2 changed behaviour") == true, drift.stdout)

        // A drift is kept pending as a file; after the fixture is edited, accepting is refused.
        XCTAssertEqual(run("record", "--runner", broken).status, .findings)
        let pending = app.appendingPathComponent("parity/.pending/counter.settings.fixture.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: pending.path))
        if let untracked = Self.gitUntracked(in: app) {
            XCTAssertTrue(untracked.contains("parity/fixtures/counter.settings.fixture.json"), "git lists untracked files: \(untracked)")
            XCTAssertFalse(untracked.contains { $0.contains(".pending") }, "git ignores the pending recordings: \(untracked)")
        }
        let edited = String(decoding: committed, as: UTF8.self).replacingOccurrences(of: "its settings.", with: "its settings (edited).")
        XCTAssertNotEqual(edited, String(decoding: committed, as: UTF8.self))
        try Data(edited.utf8).write(to: settings)
        let refused = run("pending", "accept", "counter.settings")
        XCTAssertEqual(refused.status, .findings)
        XCTAssertTrue(refused.stderr.contains("parity/fixtures/counter.settings.fixture.json changed since this recording — run `duet record` again"),
                      refused.stderr)
        XCTAssertEqual(String(decoding: try Data(contentsOf: settings), as: UTF8.self), edited)
        // Negative control: with the file as it was recorded against, the same recording is accepted.
        try committed.write(to: settings)
        let recorded = try Data(contentsOf: pending)
        XCTAssertEqual(run("pending", "accept", "counter.settings").status, .holds)
        XCTAssertEqual(try Data(contentsOf: settings), recorded)
        XCTAssertEqual(run("record", "--write", "--runner", runner).status, .holds)
        XCTAssertEqual(try Data(contentsOf: settings), committed)

        // A fixture no scenario records fails --check, named with the fix.
        let orphan = fixtures.appendingPathComponent("counter.gone.fixture.json")
        try FileManager.default.copyItem(at: settings, to: orphan)
        let orphaned = run("record", "--check", "--runner", runner)
        XCTAssertEqual(orphaned.status, .findings)
        XCTAssertTrue(orphaned.stderr.contains("no scenario records: counter.gone"), orphaned.stderr)
        try FileManager.default.removeItem(at: orphan)
        XCTAssertEqual(run("record", "--check", "--runner", runner).status, .holds, "negative control: without it, the check holds")

        // The stored milestone names runners and files relative to the tree.
        let bin = app.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: runner, toPath: bin.appendingPathComponent("counter-runner").path)
        let manifest = app.appendingPathComponent("parity/manifest.yaml")
        let text = String(decoding: try Data(contentsOf: manifest), as: UTF8.self)
            .replacingOccurrences(of: "  swift: swift run -q duet-runner\n  # kotlin: kotlin/build/duet-runner",
                                  with: "  swift: bin/counter-runner\n  kotlin: kotlin/build/duet-runner")
        XCTAssertTrue(text.contains("kotlin: kotlin/build/duet-runner\n"), text)
        try Data(text.utf8).write(to: manifest)
        let milestone = run("milestone", "m1")
        XCTAssertNotEqual(milestone.status, .usage, milestone.stderr)
        let root = RecordTree(root: app.path).root
        // Negative control: what the milestone was told about the unbuilt runner names this machine's path.
        let reason = try XCTUnwrap(RunnerPreflight.problem(command: "kotlin/build/duet-runner", root: root))
        XCTAssertTrue(reason.contains(root + "/kotlin/build/duet-runner"), reason)
        let stored = String(decoding: try Data(contentsOf: app.appendingPathComponent("parity/milestones/m1.json")), as: UTF8.self)
        XCTAssertFalse(stored.contains(root), stored)
        XCTAssertFalse(stored.contains(work.path), stored)
        XCTAssertTrue(stored.contains("kotlin/build/duet-runner is not built (no executable at kotlin/build/duet-runner)"),
                      "the runner is named relative to the tree: \(stored)")
        XCTAssertTrue(milestone.stdout.split(separator: "\n").last?.hasPrefix("milestone m1: ") == true, milestone.stdout)
    }

    func testTheCompileCheckCatchesAFeatureThatIsNotSendableAcrossModules() throws {
        // Negative control of the check above: the README's block as it was before its types said they are Sendable.
        let feature = try Self.readmeBlocks().feature
            .replacingOccurrences(of: "CaseIterable, Sendable {", with: "CaseIterable {")
            .replacingOccurrences(of: "SumType, Sendable {", with: "SumType {")
        XCTAssertThrowsError(try BuildProducts().compileModule("CounterFeature", source: feature, in: work)) { error in
            XCTAssertTrue("\(error)".contains("does not conform to the 'Sendable' protocol"), "\(error)")
        }
    }

    func testARunnerBuiltWithoutReflectionMetadataRefusesToDescribeNamingTheTypeAndTheFix() throws {
        // The cases of a sum type with payloads are read from metadata; stripped, describe must not answer [].
        let blocks = try Self.readmeBlocks()
        let build = try BuildProducts()
        let feature = try build.compileModule("CounterFeature", source: blocks.feature, in: work,
                                              flags: ["-Xfrontend", "-disable-reflection-metadata"])
        let runner = try build.compileExecutable("counter-runner", source: blocks.runner, linking: feature,
                                                 modules: ["Duet", "DuetRunner", "DuetScenarios"], in: work)
        let answer = try Self.runnerAnswer(runner, request: #"{"op":"describe"}"#)
        XCTAssertTrue(answer.contains(#""error":"describe counter: Action (CounterFeature.Counter.Action)"#), answer)
        XCTAssertTrue(answer.contains("reflection metadata is stripped"), answer)
        XCTAssertTrue(answer.contains("build without -disable-reflection-metadata"), answer)
    }

    func testInitWritesAManifestThatReadsAndAppendsOnlyMissingIgnoreLines() throws {
        try Data("/.build/\n/corpus.db\n".utf8).write(to: work.appendingPathComponent(".gitignore"))
        let initialised = duet("init", "--runner-target", "app-runner", in: work.path)
        XCTAssertEqual(initialised.status, .holds)
        // The lines to add, with the identity a path dependency gets.
        XCTAssertTrue(initialised.stdout.contains(#".executableTarget(name: "app-runner", dependencies: ["#), initialised.stdout)
        XCTAssertTrue(initialised.stdout.contains(#".product(name: "DuetRunner", package: "duet")"#), initialised.stdout)
        XCTAssertTrue(initialised.stdout.contains(#"a path dependency on ../duet-main is package: "duet-main""#), initialised.stdout)
        let ignore = String(decoding: try Data(contentsOf: work.appendingPathComponent(".gitignore")), as: UTF8.self)
        XCTAssertTrue(ignore.hasPrefix("/.build/\n/corpus.db\n"), "existing lines are kept as they were")
        XCTAssertEqual(ignore.components(separatedBy: "/corpus.db\n").count, 2, "a present line is not added twice")
        XCTAssertTrue(ignore.contains("\n/corpus.db*\n!/corpus.db.seed\n"), "the corpus's side files are ignored, its seed is not: \(ignore)")
        XCTAssertFalse(ignore.contains("\n.build/"), "/.build/ already ignores the build folder: \(ignore)")
        XCTAssertTrue(ignore.contains("/parity/.pending/\n"), "pending recordings are never committed: \(ignore)")
        let census = duet("census", in: work.path)
        XCTAssertNotEqual(census.status, .usage, "the skeleton manifest reads: \(census.stderr)")
        XCTAssertTrue(String(decoding: try Data(contentsOf: work.appendingPathComponent("parity/manifest.yaml")), as: UTF8.self)
            .contains("swift: swift run -q app-runner"))
    }

    // MARK: - Support

    /// The identity rule `duet init` prints for a path dependency: `(a path dependency on ../FOLDER is package: "IDENTITY")`.
    static func identityRule() throws -> (folder: String, identity: String) {
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let printed = duet("init", in: scratch.path).stdout
        guard let rule = printed.firstMatch(of: #/a path dependency on \.\./([A-Za-z0-9._-]+) is package: "([A-Za-z0-9._-]+)"/#) else {
            throw Failure("duet init no longer prints the identity rule for a path dependency:\n\(printed)")
        }
        return (String(rule.output.1), String(rule.output.2))
    }

    /// The modules the README's runner imports: the framework products it links.
    static let runnerModules = ["Duet", "DuetRunner", "DuetScenarios"]

    /// The ```swift blocks of the README's "Writing a feature" section, in the order it shows them.
    struct ReadmeBlocks { var manifest, feature, runner, tests: String }

    static func readmeBlocks() throws -> ReadmeBlocks {
        let readme = packageRoot.appendingPathComponent("README.md")
        let text = String(decoding: try Data(contentsOf: readme), as: UTF8.self)
        guard let start = text.range(of: "\n## Writing a feature\n") else { throw Failure("README.md has no \"## Writing a feature\" section") }
        let section = text[start.upperBound...]
        let body = section.range(of: "\n#").map { section[..<$0.lowerBound] } ?? section
        let blocks = body.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
        guard blocks.count == 4, blocks[0].hasPrefix("// swift-tools-version") else {
            throw Failure("the section shows, in order, the package's Package.swift, a feature, its runner and a test (\(blocks.count) swift blocks found)")
        }
        return ReadmeBlocks(manifest: blocks[0], feature: blocks[1], runner: blocks[2], tests: blocks[3])
    }

    /// The files `git status` shows as untracked in a fresh repository at `folder`; nil without git.
    static func gitUntracked(in folder: URL) -> [String]? {
        func git(_ arguments: [String]) -> String? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", folder.path] + arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = Pipe()
            guard (try? process.run()) != nil else { return nil }
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return process.terminationStatus == 0 ? text : nil
        }
        guard git(["init", "-q"]) != nil, let status = git(["status", "--porcelain", "--untracked-files=all"]) else { return nil }
        return status.split(separator: "\n").map { String($0.dropFirst(3)) }
    }

    /// The runner's answer to one request (the line after its handshake).
    static func runnerAnswer(_ runner: String, request: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: runner)
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data((request + "\n").utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").dropFirst().first.map(String.init) ?? text
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

import Foundation
import XCTest
import DuetCorpus
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

    func testTheReadmeFeatureAndRunnerBuildAsAnAdoptersPackageAndRecord() throws {
        let blocks = try Self.readmeBlocks()
        let adopter = try AdopterPackage(readme: blocks, in: work)
        let package = try PackageGraph.dumped(root: packageRoot).graph
        // It resolves this package and nothing else, and links the framework's library products only.
        XCTAssertEqual(adopter.resolved.map(\.identity), ["duet"], "\(adopter.resolved)")
        XCTAssertEqual(adopter.resolved.first.map { URL(fileURLWithPath: $0.path).resolvingSymlinksInPath().path },
                       packageRoot.resolvingSymlinksInPath().path)
        XCTAssertEqual(adopter.resolved.first?.dependencies, 0, "Duet brings no package of its own")
        let libraries = Set(package.products.filter { $0.kind == "library" }.map { "duet/\($0.name)" })
        let used = ["CounterFeature", "counter-runner", "CounterFeatureTests"].flatMap(adopter.products(of:))
        XCTAssertEqual(Set(used), ["duet/Duet", "duet/DuetRunner", "duet/DuetScenarios", "duet/DuetTesting"], "\(used)")
        XCTAssertTrue(Set(used).isSubset(of: libraries), "the README names products the package exports: \(used), \(libraries)")
        XCTAssertTrue(Set(used.map { String($0.dropFirst("duet/".count)) }).isSubset(of: FrameworkLines.framework))
        // Built against exactly the modules those products bring: a framework module that needed a
        // toolchain symbol would not link.
        func modules(_ target: String) -> [String] {
            let roots = adopter.products(of: target).compactMap { product in package.products.first { "duet/\($0.name)" == product } }.flatMap(\.targets)
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

    /// Negative control of the product check: an app that asks for a toolchain module (the corpus)
    /// does not even resolve, because the package does not export it.
    func testAnAdopterPackageThatAsksForTheCorpusDoesNotResolve() throws {
        var blocks = try Self.readmeBlocks()
        blocks.manifest = blocks.manifest.replacingOccurrences(of: #".product(name: "Duet", package: "duet")"#,
                                                                with: #".product(name: "DuetCorpus", package: "duet")"#)
        XCTAssertThrowsError(try AdopterPackage(readme: blocks, in: work)) { error in
            XCTAssertTrue("\(error)".contains("product 'DuetCorpus' required by package 'counter' target 'CounterFeature' not found in package 'duet'"), "\(error)")
        }
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
        XCTAssertEqual(duet("init", "--runner-target", "app-runner", in: work.path).status, .holds)
        let ignore = String(decoding: try Data(contentsOf: work.appendingPathComponent(".gitignore")), as: UTF8.self)
        XCTAssertTrue(ignore.hasPrefix("/.build/\n/corpus.db\n"), "existing lines are kept as they were")
        XCTAssertEqual(ignore.components(separatedBy: "/corpus.db\n").count, 2, "a present line is not added twice")
        XCTAssertTrue(ignore.contains("/corpus.db-wal"))
        let census = duet("census", in: work.path)
        XCTAssertNotEqual(census.status, .usage, "the skeleton manifest reads: \(census.stderr)")
        XCTAssertTrue(String(decoding: try Data(contentsOf: work.appendingPathComponent("parity/manifest.yaml")), as: UTF8.self)
            .contains("swift: swift run -q app-runner"))
    }

    // MARK: - Support

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

import Foundation
import XCTest
import DuetCorpus
@testable import DuetCLI

/// The README's "Writing a feature" section, kept true: its feature block compiles as a module of
/// its own (public types crossing a module boundary, Swift 6), its runner block compiles against
/// it, and the adopter loop — init, record, verify, record --check — works in a fresh folder.
final class AdopterLoopTests: XCTestCase {
    private var work: URL!
    override func setUpWithError() throws { work = try temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: work) }

    func testTheReadmeFeatureAndRunnerBuildAsAnAdoptersPackageAndRecord() throws {
        let blocks = try Self.readmeBlocks()
        XCTAssertEqual(blocks.count, 2, "the section shows a feature and a runner")
        let build = try BuildProducts()
        let feature = try build.compileModule("CounterFeature", source: blocks[0], in: work)
        let runner = try build.compileExecutable("counter-runner", source: blocks[1], linking: feature, in: work)

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

    func testTheCompileCheckCatchesAFeatureThatIsNotSendableAcrossModules() throws {
        // Negative control of the check above: the README's block as it was before its types said they are Sendable.
        let feature = try Self.readmeBlocks()[0]
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
        let feature = try build.compileModule("CounterFeature", source: blocks[0], in: work,
                                              flags: ["-Xfrontend", "-disable-reflection-metadata"])
        let runner = try build.compileExecutable("counter-runner", source: blocks[1], linking: feature, in: work)
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

    /// The ```swift blocks of the README's "Writing a feature" section.
    static func readmeBlocks() throws -> [String] {
        let readme = packageRoot.appendingPathComponent("README.md")
        let text = String(decoding: try Data(contentsOf: readme), as: UTF8.self)
        guard let start = text.range(of: "\n## Writing a feature\n") else { throw Failure("README.md has no \"## Writing a feature\" section") }
        let section = text[start.upperBound...]
        let body = section.range(of: "\n#").map { section[..<$0.lowerBound] } ?? section
        return body.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
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

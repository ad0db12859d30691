import Foundation
import XCTest
import Duet
@testable import DuetCorpus
import DuetFixtures

/// The package root, found from this file's location.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The project's own vectors (`vectors/`): written here, so a fresh clone has them.
let vectorsDirectory = packageRoot.appendingPathComponent("vectors")

/// The tutorial tree's fixture documents (upstream layout, dialect 2: leaves, branches and a chain).
let vectorFixtureDirectory = vectorsDirectory.appendingPathComponent("tutorial/parity/fixtures")

/// Every `*.fixture.json` below `directory` (default: the tutorial tree's fixtures).
func fixtureFiles(in directory: URL = vectorFixtureDirectory) throws -> [URL] {
    let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)!
    return enumerator.compactMap { $0 as? URL }.filter { $0.lastPathComponent.hasSuffix(".fixture.json") }
        .sorted { $0.path < $1.path }
}

/// The committed seed loaded into a temporary corpus, and its fixtures exported to a folder.
func exportedSeed() throws -> (corpus: Corpus, fixtures: URL, count: Int) {
    let work = try makeTemporaryDirectory("seed")
    let seed = try Corpus.load(seed: packageRoot.appendingPathComponent("corpus.db.seed").path,
                               into: work.appendingPathComponent("seed.db").path)
    let files = work.appendingPathComponent("fixtures")
    return (seed, files, try seed.exportFixtures(to: files.path))
}

func makeTemporaryDirectory(_ label: String = "dir") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("duet-corpus-tests-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

func bytes(of url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

/// Every file below `directory`: relative path → bytes.
func tree(_ directory: URL) throws -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)!
    for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
        result[String(url.standardizedFileURL.path.dropFirst(directory.standardizedFileURL.path.count + 1))] = try bytes(of: url)
    }
    return result
}

/// A small leaf fixture with a `sheet` slot and a `path` stack, for index tests.
func navigationFixture(name: String = "nav", feature: String = "nav", steps: [(action: String, state: String)],
                       initial: String = #"{"path":[],"title":"t"}"#) throws -> Fixture {
    Fixture(name: name, feature: feature, dialect: 2, description: "navigation", initialState: try CanonicalJSON.parse(initial),
            steps: try steps.map { step in
                FixtureStep(action: try CanonicalJSON.parse(step.action), expectedState: try CanonicalJSON.parse(step.state),
                            expectedEffects: .array([]))
            })
}

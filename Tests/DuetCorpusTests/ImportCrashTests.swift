import Foundation
import XCTest
import Duet
@testable import DuetCorpus
import DuetSynthetic

/// An import killed with SIGKILL at any moment leaves a corpus that passes `check` and holds
/// either the old or the new fixtures, never half. The child is this test binary re-run on
/// `testChildImportLoop`, which imports two generations of the same fixtures in turn until killed.
final class ImportCrashTests: XCTestCase {
    private static let childVariable = "DUET_CORPUS_CRASH_CHILD"

    func testAnImportKilledAtAnyMomentLeavesTheOldOrTheNewFixtures() throws {
        let work = try makeTemporaryDirectory("crash")
        let generationA = work.appendingPathComponent("a"), generationB = work.appendingPathComponent("b")
        try writeGeneration("A", to: generationA)
        try writeGeneration("B", to: generationB)
        let corpusPath = work.appendingPathComponent("corpus.db").path
        let corpus = try Corpus.open(at: corpusPath)
        try corpus.setStructures(manifestStructures: ["crash": ["sheet": .slot]])
        try corpus.importFixtures(from: generationA.path)
        let progress = work.appendingPathComponent("progress")

        var generationsSeen: Set<String> = []
        var killsAfterACommit = 0
        for delay in [0.1, 0.3, 0.6, 1.0, 1.5, 2.2, 3.0] {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["DuetCorpusTests.ImportCrashTests/testChildImportLoop"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.childVariable] = [corpusPath, generationA.path, generationB.path, progress.path].joined(separator: "\n")
            child.environment = environment
            child.standardOutput = FileHandle.nullDevice
            child.standardError = FileHandle.nullDevice
            try child.run()
            Thread.sleep(forTimeInterval: delay)
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            XCTAssertEqual(child.terminationReason, .uncaughtSignal, "the child must still be importing when killed")
            if let lines = try? String(contentsOf: progress, encoding: .utf8), !lines.isEmpty { killsAfterACommit += 1 }

            let after = try Corpus.open(at: corpusPath)
            let check = try after.check()
            XCTAssertTrue(check.holds, "after a kill at \(delay)s: \(check.problems)")
            let fixtures = try after.fixtures()
            XCTAssertEqual(fixtures.count, 12)
            let generations = Set(fixtures.map { $0.description ?? "" })
            XCTAssertEqual(generations.count, 1, "after a kill at \(delay)s the corpus mixes generations: \(generations)")
            generationsSeen.formUnion(generations)
        }
        XCTAssertGreaterThan(killsAfterACommit, 0, "no child ever committed an import: the kills proved nothing")
    }

    /// In a child process: import the two generations in turn until killed.
    /// Run directly, it checks that alternating imports flip the corpus between generations.
    func testChildImportLoop() throws {
        if let spec = ProcessInfo.processInfo.environment[Self.childVariable] {
            let parts = spec.components(separatedBy: "\n")
            let corpus = try Corpus.open(at: parts[0])
            let progress = FileHandle(forWritingAtPath: parts[3]) ?? {
                _ = FileManager.default.createFile(atPath: parts[3], contents: nil)
                return FileHandle(forWritingAtPath: parts[3])!
            }()
            let deadline = Date().addingTimeInterval(60)
            var round = 0
            while Date() < deadline {
                try corpus.importFixtures(from: round % 2 == 0 ? parts[2] : parts[1])
                progress.seekToEndOfFile()
                progress.write(Data("\(round)\n".utf8))
                round += 1
            }
            return
        }
        let work = try makeTemporaryDirectory("flip")
        try writeGeneration("A", to: work.appendingPathComponent("a"), steps: 3)
        try writeGeneration("B", to: work.appendingPathComponent("b"), steps: 3)
        let corpus = try Corpus.temporary()
        for generation in ["A", "B", "A"] {
            try corpus.importFixtures(from: work.appendingPathComponent(generation.lowercased()).path)
            XCTAssertEqual(Set(try corpus.fixtures().map { $0.description ?? "" }), ["generation \(generation)"])
        }
    }

    /// Twelve fixtures whose every state and description name the generation.
    private func writeGeneration(_ generation: String, to directory: URL, steps: Int = 120) throws {
        for fixture in try GenerationFixtures.make(generation, feature: "crash", count: 12, steps: steps) {
            try write(fixture.document.prettyString, to: directory.appendingPathComponent("\(fixture.name).fixture.json"))
        }
    }
}

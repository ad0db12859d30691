import Foundation
import XCTest

/// A fresh clone has no `../shared/reference` beside it, so every test that reads upstream's files
/// there may skip. This guard counts them from the sources: every test in a file that names that
/// folder (Swift under Tests/, Kotlin under kotlin/*/src/test) counts as one that may skip, and
/// each suite allows at most three. Everything else reads the project's own `vectors/`.
final class FreshCloneTests: XCTestCase {
    static let allowed = 3

    struct UpstreamReader: Equatable {
        var file: String
        var tests: Int
    }

    /// The test files of `root` that read `../shared/reference`, with how many tests each holds.
    static func upstreamReaders(in root: URL) throws -> (swift: [UpstreamReader], kotlin: [UpstreamReader]) {
        var swift: [UpstreamReader] = [], kotlin: [UpstreamReader] = []
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            if [".build", ".git", "build"].contains(url.lastPathComponent) { enumerator?.skipDescendants(); continue }
            let isSwiftTest = relative.hasPrefix("Tests/") && relative.hasSuffix(".swift") && url.lastPathComponent != "FreshCloneTests.swift"
            let isKotlinTest = relative.hasPrefix("kotlin/") && relative.contains("/src/test/") && relative.hasSuffix(".kt")
            guard isSwiftTest || isKotlinTest, let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let readsUpstream = text.contains("shared/reference") || (isKotlinTest && text.contains("Repository.reference"))
            guard readsUpstream else { continue }
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            if isSwiftTest {
                swift.append(UpstreamReader(file: relative, tests: lines.filter { $0.hasPrefix("func test") || $0.hasPrefix("@Test") }.count))
            } else {
                kotlin.append(UpstreamReader(file: relative, tests: lines.filter { $0.hasPrefix("@Test") }.count))
            }
        }
        return (swift.sorted { $0.file < $1.file }, kotlin.sorted { $0.file < $1.file })
    }

    private static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testAtMostThreeTestsPerSuiteReadUpstreamsFiles() throws {
        let readers = try Self.upstreamReaders(in: Self.packageRoot)
        XCTAssertLessThanOrEqual(readers.swift.map(\.tests).reduce(0, +), Self.allowed, "Swift tests that may skip on a fresh clone: \(readers.swift)")
        XCTAssertLessThanOrEqual(readers.kotlin.map(\.tests).reduce(0, +), Self.allowed, "Kotlin tests that may skip on a fresh clone: \(readers.kotlin)")
        // They are the comparisons with upstream, and they exist: the guard sees what it judges.
        XCTAssertEqual(readers.swift.map(\.file), [
            "Tests/DuetCorpusTests/UpstreamFixtureConformanceTests.swift",
            "Tests/DuetManifestTests/UpstreamManifestConformanceTests.swift",
            "Tests/DuetTestingTests/UpstreamRuntimeConformanceTests.swift",
        ])
        XCTAssertEqual(readers.kotlin.filter { $0.tests > 0 }.map(\.file), ["kotlin/duet/src/test/kotlin/dev/duet/kernel/UpstreamKernelTraceTest.kt"])
    }

    func testAFourthTestReadingUpstreamIsCounted() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("duet-fresh-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let reads = "let upstream = \"../shared/reference/duet\"\n"
        let files = [
            "Tests/ATests/UpstreamA.swift": reads + "    func testOne() {}\n    func testTwo() {}\n",
            "Tests/BTests/UpstreamB.swift": reads + "    func testThree() {}\n    func testFour() {}\n",
            "Tests/BTests/Vectors.swift": "let vectors = \"vectors\"\n    func testFive() {}\n",
            "kotlin/duet/src/test/kotlin/X.kt": "val f = Repository.reference\n    @Test fun one() {}\n",
            "kotlin/duet/src/main/kotlin/Y.kt": "val f = Repository.reference\n    @Test fun two() {}\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let readers = try Self.upstreamReaders(in: root)
        XCTAssertEqual(readers.swift, [UpstreamReader(file: "Tests/ATests/UpstreamA.swift", tests: 2), UpstreamReader(file: "Tests/BTests/UpstreamB.swift", tests: 2)])
        XCTAssertGreaterThan(readers.swift.map(\.tests).reduce(0, +), Self.allowed, "four tests that may skip exceed the allowance")
        XCTAssertEqual(readers.kotlin, [UpstreamReader(file: "kotlin/duet/src/test/kotlin/X.kt", tests: 1)])
    }
}

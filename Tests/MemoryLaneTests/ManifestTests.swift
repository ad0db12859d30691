import Duet
import MemoryLane
import XCTest

/// `parity/manifest.yaml` names the runner, every feature with files that exist, six island
/// entries (three islands × ios/android) and no waivers, and the two census rulings.
final class ManifestTests: XCTestCase {
    private func manifest() throws -> String { try PackageRoot.read("parity/manifest.yaml") }

    func testTheRunnerIsNamed() throws {
        XCTAssertTrue(try manifest().contains("runners:\n  swift: swift run -q memorylane-runner\n"))
    }

    func testEveryFeatureIsListedWithFilesThatExist() throws {
        let problems = Self.featureProblems(in: try manifest(), features: MemoryLaneApp.features.map { $0.name })
        XCTAssertEqual(problems, [])
    }

    func testAMissingFeatureOrFileIsFound() throws {
        // Negative control: drop the capture block and point rootnav at a file that is not there.
        var text = try manifest()
        let start = try XCTUnwrap(text.range(of: "  capture:\n"))
        let end = try XCTUnwrap(text.range(of: "  shared:\n"))
        text.removeSubrange(start.lowerBound..<end.lowerBound)
        text = text.replacingOccurrences(of: "RootNav/RootNav.swift", with: "RootNav/Gone.swift")
        XCTAssertEqual(Self.featureProblems(in: text, features: ["capture", "rootnav"]),
                       ["capture is not listed", "Sources/MemoryLane/RootNav/Gone.swift does not exist"])
    }

    func testTheLedgerHasNoWaiversAndEachIslandOnBothPlatforms() throws {
        let text = try manifest()
        XCTAssertTrue(text.contains("  waivers: []\n"))
        let entries = Self.islandEntries(in: text)
        XCTAssertEqual(entries.count, 6)
        for island in L0Table.islands {
            let twins = entries.filter { $0["id"] == island.id }
            XCTAssertEqual(twins.compactMap { $0["platform"] }.sorted(), ["android", "ios"], island.id)
            XCTAssertEqual(Set(twins.compactMap { $0["boundary"] }).count, 1, "\(island.id): boundaries differ between platforms")
            XCTAssertEqual(Set(twins.compactMap { $0["internals"] }).count, 2, "\(island.id): internals must differ per platform")
            XCTAssertTrue(twins.allSatisfy { $0["since"] == "2026-11-30" && !($0["reason"] ?? "").isEmpty }, island.id)
        }
    }

    func testTheTwoCensusRulingsAreRecorded() throws {
        let text = try manifest()
        for field in ["onboarding.page", "rootnav.isEnterCodePresented"] {
            XCTAssertTrue(text.contains("    - field: \(field)\n      ruling: data\n      reason: \""), field)
        }
    }

    // MARK: - Reading the manifest's simple block shape

    static func featureProblems(in text: String, features: [String]) -> [String] {
        var problems: [String] = []
        for feature in features {
            guard let block = text.range(of: "\n  \(feature):\n") else { problems.append("\(feature) is not listed"); continue }
            let rest = text[block.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).prefix(5)
            for line in rest {
                let parts = line.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, ["swift", "scenario"].contains(parts[0]) else { continue }
                if !PackageRoot.exists(parts[1]) { problems.append("\(parts[1]) does not exist") }
            }
        }
        return problems
    }

    static func islandEntries(in text: String) -> [[String: String]] {
        guard let start = text.range(of: "  islands:\n") else { return [] }
        var entries: [[String: String]] = []
        for line in text[start.upperBound...].split(separator: "\n") {
            guard line.hasPrefix("    ") else { break }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- ") { entries.append([:]) }
            let pair = (trimmed.hasPrefix("- ") ? String(trimmed.dropFirst(2)) : trimmed).split(separator: ":", maxSplits: 1)
            guard pair.count == 2, !entries.isEmpty else { continue }
            entries[entries.count - 1][String(pair[0])] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \""))
        }
        return entries
    }
}

import Foundation
import XCTest
import Duet
@testable import DuetManifest

/// A temporary tree holding a copy of Memory Lane's manifest (with its source files present, empty)
/// and the structures the corpus knows for the features its ledger names.
private struct LintTree {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var memoryLaneManifest: String {
        (try? String(contentsOf: packageRoot.appendingPathComponent("parity/manifest.yaml"), encoding: .utf8)) ?? ""
    }
    static let now = ISO8601DateFormatter().date(from: "2026-12-01T12:00:00Z")!

    static var inputs: LintInputs {
        func f(_ path: String, _ shape: String, _ role: Role, _ kinds: [String]? = nil) -> FieldDescription {
            FieldDescription(path: path, shape: shape, role: role, kinds: kinds)
        }
        let structures = [
            FeatureStructure(feature: "memorydetail", fields: [
                f("photoCarousel", "object", .island("memorydetail.photo-carousel")), f("videoPlayer", "object", .island("memorydetail.video-player")),
                f("sheet", "optional<sum>", .slot, ["sharePicker"]),
            ], actions: [], effects: []),
            FeatureStructure(feature: "capture", fields: [
                f("mediaCaptureChrome", "object", .island("capture.media-capture-chrome")), f("sheet", "optional<sum>", .slot, ["camera", "date"]),
            ], actions: [], effects: []),
            FeatureStructure(feature: "onboarding", fields: [f("page", "enum", .data, ["welcome", "done"])], actions: [], effects: []),
            FeatureStructure(feature: "rootnav", fields: [f("phase", "sum", .stage, ["splash", "main"]), f("isEnterCodePresented", "bool", .data)],
                             actions: [], effects: []),
        ]
        return LintInputs(structures: Dictionary(uniqueKeysWithValues: structures.map { ($0.feature, $0) }),
                          kinds: ["capture": ["capture.slot.camera", "capture.slot.date"], "memorydetail": ["memorydetail.slot.sharePicker"]],
                          describes: ["swift": structures], now: now)
    }

    let root: URL
    var manifestPath: String { root.appendingPathComponent("parity/manifest.yaml").path }

    init(manifest bytes: [UInt8]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("duet-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: manifestPath))
        for line in Self.memoryLaneManifest.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("swift: Sources/") || trimmed.hasPrefix("scenario: Sources/") else { continue }
            let relative = String(trimmed.split(separator: " ", maxSplits: 1)[1])
            let file = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: file.path, contents: Data())
        }
    }

    init(_ text: String) throws { try self.init(manifest: Array(text.utf8)) }

    func lint(_ inputs: LintInputs = LintTree.inputs) -> LintReport {
        defer { try? FileManager.default.removeItem(at: root) }
        return ManifestLint.check(Manifest.read(path: manifestPath), inputs: inputs)
    }
}

final class ManifestLintTests: XCTestCase {
    private var base: String { LintTree.memoryLaneManifest }

    /// The 1-based line of the first line containing `marker` in `text`.
    private func line(of marker: String, in text: String) -> Int {
        let lines = text.components(separatedBy: "\n")
        return (lines.firstIndex { $0.contains(marker) } ?? -1) + 1
    }

    func testLintHoldsOnMemoryLanesManifestAndSaysParityWasNotChecked() throws {
        XCTAssertFalse(base.isEmpty, "parity/manifest.yaml not found")
        let report = try LintTree(base).lint()
        XCTAssertEqual(report.errors, [])
        XCTAssertEqual(report.findings, [], report.findings.map(\.description).joined(separator: "\n"))
        XCTAssertTrue(report.holds)
        XCTAssertEqual(report.rules.count, LintRule.allCases.count)
        XCTAssertFalse(report.parity.checked)
        XCTAssertEqual(report.parity.summary, "declaration parity not checked: only swift has reported a describe")
    }

    /// `text` with the `occurrence`-th `old` replaced by `new`.
    private func edit(_ text: String, _ old: String, _ new: String, occurrence: Int = 0) -> String {
        var ranges: [Range<String.Index>] = []
        var search = text.startIndex..<text.endIndex
        while let found = text.range(of: old, range: search) { ranges.append(found); search = found.upperBound..<text.endIndex }
        precondition(ranges.count > occurrence, "'\(old)' not in the manifest")
        return text.replacingCharacters(in: ranges[occurrence], with: new)
    }

    /// Broken copies of Memory Lane's manifest: the copy, a text unique to the line the lint must name, the rule.
    private var brokenCopies: [(name: String, broken: String, marker: String, rule: String)] {
        let grammar = "manifest.grammar"
        let androidChrome = "    - id: capture.media-capture-chrome\n      feature: capture\n      platform: android"
        let androidCarousel = edit(base, "    - id: memorydetail.photo-carousel\n      feature: memorydetail\n      platform: android", "    - id: memorydetail.photo-carousel\n      feature: memorydetail\n      platform: ios   # second")
        return [
            ("unknown top-level key", base + "extras:\n  a: b\n", "extras:", grammar),
            ("misspelled section", edit(base, "presentation:", "presentaton:"), "presentaton:", grammar),
            ("platform windows", edit(base, "platform: android", "platform: windows", occurrence: 1), "platform: windows", grammar),
            ("ruling maybe", edit(base, "ruling: data", "ruling: maybe"), "ruling: maybe", grammar),
            ("a second document", base + "---\nfeatures: {}\n", "---", grammar),
            ("duplicate feature", edit(base, "  splash:\n", "  rootnav:   # again\n"), "# again", grammar),
            ("wrong type", edit(base, "waivers: []", "waivers: none"), "waivers: none", grammar),
            ("unknown island key", edit(base, "      internals: \"AVPlayer", "      internal: \"AVPlayer"), "internal: \"AVPlayer", grammar),
            ("missing since", edit(edit(base, "      since: 2026-11-30\n\ncensus:", "\ncensus:"), androidChrome, androidChrome.replacingOccurrences(of: "chrome\n", with: "chrome   # here\n")), "# here", grammar),
            ("an alias", edit(base, "reason: \"Decoders", "reason: *decoders #"), "*decoders", grammar),
            ("a tab for indentation", edit(base, "    state: Splash.State", "\tstate: Splash.State"), "\tstate: Splash.State", grammar),
            ("a date that is not a date", edit(base, "since: 2026-11-30", "since: 2026-11-31", occurrence: 2), "2026-11-31", "ledger.since"),
            ("a date in the future", edit(base, "since: 2026-11-30", "since: 2027-01-15", occurrence: 6), "2027-01-15", "ledger.since"),
            ("an empty reason", edit(base, "reason: \"Paging physics, prefetch and pinch-zoom are native to each platform; only the settled photo position is behaviour.\"", "reason: \" \""), "reason: \" \"", "ledger.reason"),
            ("island boundaries differ", edit(base, "      boundary: VideoPlayerSummary", "      boundary: VideoPlayerState", occurrence: 1), "VideoPlayerState", "ledger.platforms"),
            ("island on one platform", edit(androidCarousel, "    - id: memorydetail.photo-carousel", "    - id: memorydetail.photo-carousel   # first"), "# first", "ledger.platforms"),
            ("island declared twice", edit(base, androidChrome, "    - id: capture.media-capture-chrome   # twice\n      feature: capture\n      platform: ios"), "# twice", "ledger.duplicate"),
            ("island id not in the structure", edit(base, "id: capture.media-capture-chrome", "id: capture.camera-chrome"), "capture.camera-chrome", "ledger.island"),
            ("island id without its feature", edit(base, "id: memorydetail.video-player", "id: video-player"), "id: video-player", "ledger.island"),
            ("ledger names an unknown feature", edit(base, "feature: memorydetail", "feature: memorydetial"), "memorydetial", "ledger.feature"),
            ("ruling names no real field", edit(base, "field: onboarding.page", "field: onboarding.pages"), "onboarding.pages", "census.field"),
            ("ruling without a feature prefix", edit(base, "field: rootnav.isEnterCodePresented", "field: isEnterCodePresented"), "field: isEnterCodePresented", "census.field"),
            ("a source path that does not exist", edit(base, "swift: Sources/MemoryLane/Profile/Profile.swift", "swift: Sources/MemoryLane/Profile/Profil.swift"), "Profil.swift", "source.path"),
            ("a feature name in capitals", edit(base, "  priming:\n", "  Priming:\n"), "  Priming:", "feature.name"),
            ("a waiver with a malformed kind", edit(base, "waivers: []", "waivers:\n    - {kind: capture.camera, feature: capture, platform: ios, manner: cover, reason: r, since: 2026-11-30}"), "capture.camera,", "ledger.kind"),
            ("a waiver for a kind that does not exist", edit(base, "waivers: []", "waivers:\n    - {kind: capture.slot.map, feature: capture, platform: ios, manner: cover, reason: r, since: 2026-11-30}"), "capture.slot.map", "ledger.kind"),
        ]
    }

    func testLintNamesTheLineOfEachBrokenCopy() throws {
        let copies = brokenCopies
        XCTAssertGreaterThanOrEqual(copies.count, 15)
        for copy in copies {
            XCTAssertEqual(copy.broken.components(separatedBy: copy.marker).count, 2, "\(copy.name): the marker is not unique")
            let report = try LintTree(copy.broken).lint()
            XCTAssertFalse(report.holds, "\(copy.name): lint held")
            let hit = (report.errors + report.findings).first { $0.rule == copy.rule }
            XCTAssertNotNil(hit, "\(copy.name): no \(copy.rule) in \((report.errors + report.findings).map(\.description))")
            XCTAssertEqual(hit?.line, line(of: copy.marker, in: copy.broken), "\(copy.name): \(hit?.description ?? "")")
            XCTAssertFalse(hit?.fix.isEmpty ?? true, "\(copy.name): no fix")
            XCTAssertEqual(report.unparseable, copy.rule == "manifest.grammar", copy.name)
        }
    }

    func testInvalidUTF8InTheManifestIsAnErrorAtItsLine() throws {
        var bytes = Array(base.utf8)
        let marker = Array("Decoders, buffers".utf8)
        let offset = (0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker }!
        bytes.insert(0xFF, at: offset)
        let report = try LintTree(manifest: bytes).lint()
        XCTAssertEqual(report.errors.first?.line, line(of: "Decoders, buffers", in: base))
        XCTAssertTrue(report.unparseable)
    }

    func testAnUnknownStructureIsAFindingNotASilentPass() throws {
        var inputs = LintTree.inputs
        inputs.structures["onboarding"] = nil
        let report = try LintTree(base).lint(inputs)
        let finding = report.findings.first { $0.rule == "census.field" }
        XCTAssertEqual(finding?.line, line(of: "field: onboarding.page", in: base))
        XCTAssertTrue(finding?.message.contains("unknown") ?? false)
    }

    func testDeclarationParityComparesTwoReportedFlavors() throws {
        var inputs = LintTree.inputs
        var kotlin = inputs.describes["swift"]!
        kotlin[0].fields[2].role = .data          // memorydetail.sheet: slot on swift, data on kotlin
        inputs.describes["kotlin"] = kotlin
        let report = try LintTree(base).lint(inputs)
        XCTAssertTrue(report.parity.checked)
        XCTAssertEqual(report.parity.platforms, ["swift", "kotlin"])
        XCTAssertEqual(report.parity.differences, 1)
        let finding = report.findings.first { $0.rule == "parity.declarations" }
        XCTAssertEqual(finding?.line, line(of: "  memorydetail:", in: base))
        XCTAssertEqual(finding?.message, "memorydetail: field sheet: role slot on swift, data on kotlin")
        // Negative control: identical answers hold.
        inputs.describes["kotlin"] = inputs.describes["swift"]
        let agreeing = try LintTree(base).lint(inputs)
        XCTAssertTrue(agreeing.holds)
        XCTAssertEqual(agreeing.parity.summary, "declaration parity holds between swift and kotlin")
    }

    func testUpstreamFixtureSymmetryAppliesWhereAFeatureListsFixtures() throws {
        let manifest = """
            features:
              greeter:
                swift: G.swift
                scenario: GTests.swift
                fixtures:
                  - greeter
                  - greeter.missing
            chains:
              - greeter.wave
            """
        let tree = try LintTree(manifest)
        for file in ["G.swift", "GTests.swift", "parity/fixtures/greeter.fixture.json", "parity/fixtures/greeter.wave.fixture.json",
                     "parity/fixtures/greeter.orphan.fixture.json"] {
            _ = FileManager.default.createFile(atPath: tree.root.appendingPathComponent(file).path, contents: Data("{}".utf8))
        }
        try FileManager.default.createDirectory(at: tree.root.appendingPathComponent("parity/fixtures"), withIntermediateDirectories: true)
        for file in ["greeter", "greeter.wave", "greeter.orphan"] {
            _ = FileManager.default.createFile(atPath: tree.root.appendingPathComponent("parity/fixtures/\(file).fixture.json").path, contents: Data("{}".utf8))
        }
        let report = tree.lint(LintInputs(now: LintTree.now))
        XCTAssertEqual(report.findings.map(\.rule), ["fixtures.unlisted", "fixtures.listed"])
        XCTAssertEqual(report.findings.map(\.line), [6, 7])   // the list, then the listed name
        XCTAssertTrue(report.findings[0].message.contains("greeter.orphan"))
    }

    /// The rule and line of each finding the lint gives a manifest outside any tree (errors first).
    static func findings(ofManifestAt path: String) -> (errors: [String], all: [String], messages: [String]) {
        let report = ManifestLint.check(Manifest.read(path: path), inputs: LintInputs(now: LintTree.now))
        return (report.errors.map { "\($0.line) \($0.rule)" }, report.findings.map { "\($0.line) \($0.rule)" }, report.findings.map(\.message))
    }

    func testTheMiniAdopterManifestReadsAndItsStricterFindingsAreNamed() throws {
        let vector = ManifestReaderTests.miniAdopterManifest
        let found = Self.findings(ofManifestAt: vector.path)
        XCTAssertEqual(found.errors, [])
        // Upstream's kinds are free-form and its islands name no platform; ours are stricter, and say so.
        XCTAssertTrue(found.all.contains("22 ledger.kind"), "\(found.all)")
        XCTAssertTrue(found.all.contains("29 ledger.platforms"), "\(found.all)")
        // Negative control: the vector with its island on a platform loses that finding.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("duet-mini-adopter-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: copy) }
        try Data(try String(contentsOf: vector, encoding: .utf8)
            .replacingOccurrences(of: "    - id: lamp.colour-wheel\n", with: "    - id: lamp.colour-wheel\n      platform: ios\n").utf8).write(to: copy)
        XCTAssertTrue(found.messages.contains { $0.contains("names no platform") }, "\(found.messages)")
        XCTAssertFalse(Self.findings(ofManifestAt: copy.path).messages.contains { $0.contains("names no platform") })
    }

    func testTheMocksSectionHasUpstreamsShape() throws {
        let manifest = """
            mocks:
              bundle: 0.6
              generators:
                all:
                  output: Mocks.swift
                  template: Mocks.stencil
                  args:
                    - import=Foundation
                    - testable
            """
        let report = try LintTree(manifest).lint(LintInputs(now: LintTree.now))
        XCTAssertEqual(report.findings.map { "\($0.line) \($0.rule)" }, ["2 mocks.shape", "4 mocks.shape", "9 mocks.shape"])
        let fixed = manifest.replacingOccurrences(of: "0.6\n", with: "0.6.2\n").replacingOccurrences(of: "- testable", with: "- testable=true")
            .replacingOccurrences(of: "      args:", with: "      package: .\n      args:")
        XCTAssertEqual(try LintTree(fixed).lint(LintInputs(now: LintTree.now)).findings, [])
    }

    func testDatesAreCheckedAgainstTheCalendarAndToday() {
        XCTAssertNil(LedgerRules.dateProblem("2026-11-30", now: LintTree.now))
        XCTAssertNil(LedgerRules.dateProblem("2026-12-01", now: LintTree.now))
        XCTAssertEqual(LedgerRules.dateProblem("2026-12-02", now: LintTree.now), "is in the future")
        XCTAssertEqual(LedgerRules.dateProblem("2026-02-29", now: LintTree.now), "is not a calendar date")
        XCTAssertNil(LedgerRules.dateProblem("2024-02-29", now: LintTree.now))
        for bad in ["yesterday", "2026-1-30", "26-11-30", "2026/11/30", "2026-11-30T00:00", ""] {
            XCTAssertEqual(LedgerRules.dateProblem(bad, now: LintTree.now), "is not a YYYY-MM-DD date", bad)
        }
    }
}

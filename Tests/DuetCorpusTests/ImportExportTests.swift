import XCTest
import Duet
@testable import DuetCorpus

final class ImportExportTests: XCTestCase {
    /// A copy of every tutorial fixture file, under its relative path.
    private func tutorialCopy() throws -> URL {
        let root = vectorFixtureDirectory
        let copy = try makeTemporaryDirectory("tutorial")
        for file in try fixtureFiles() {
            try write(String(decoding: try bytes(of: file), as: UTF8.self),
                      to: copy.appendingPathComponent(String(file.path.dropFirst(root.path.count + 1))))
        }
        return copy
    }

    func testImportThenExportReproducesEveryTutorialFixtureByteForByte() throws {
        XCTAssertEqual(try Self.importExportMismatches(vectorFixtureDirectory), [])
        // Negative control: a vector not in the pinned form (a space too many) comes back changed.
        let copy = try tutorialCopy()
        let file = copy.appendingPathComponent("welcome.fixture.json")
        try write(String(decoding: try bytes(of: file), as: UTF8.self).replacingOccurrences(of: "\"description\": ", with: "\"description\":  "), to: file)
        XCTAssertEqual(try Self.importExportMismatches(copy), ["welcome.fixture.json"])
    }

    /// The fixture files of `directory` that do not come back byte for byte through import and export.
    static func importExportMismatches(_ directory: URL) throws -> [String] {
        let corpus = try Corpus.temporary()
        let summary = try corpus.importFixtures(from: directory.path)
        let files = try fixtureFiles(in: directory)
        XCTAssertEqual(summary.inserted.count, files.count)
        let out = try makeTemporaryDirectory("export")
        XCTAssertEqual(try corpus.exportFixtures(to: out.path), files.count)
        return try files.filter { try bytes(of: out.appendingPathComponent($0.lastPathComponent)) != bytes(of: $0) }.map(\.lastPathComponent)
    }

    func testProgressCountsEveryFileOnceUpToTheTotal() throws {
        let dir = try makeTemporaryDirectory("progress")
        for index in 0..<40 {
            try write(#"{"feature":"p","initialState":{"n":\#(index)},"steps":[{"action":{"case":"go"},"expectedEffects":[],"expectedState":{}}]}"#, to: dir.appendingPathComponent("p\(index).fixture.json"))
        }
        let corpus = try Corpus.temporary()
        var reports: [(done: Int, total: Int)] = []
        try corpus.importFixtures(from: dir.path) { reports.append(($0, $1)) }
        XCTAssertEqual(reports.last?.done, 40)
        XCTAssertTrue(reports.allSatisfy { $0.total == 40 }, "\(reports)")
        XCTAssertEqual(reports.map(\.done), reports.map(\.done).sorted(), "never goes back")
        XCTAssertGreaterThan(reports.count, 1, "reported as files are written, not once at the end")
        reports.removeAll()
        try corpus.importFixtures(from: dir.path) { reports.append(($0, $1)) }
        XCTAssertEqual(reports.last?.done, 40, "unchanged files count too")

        reports.removeAll()
        try corpus.exportFixtures(to: try makeTemporaryDirectory("progress-out").path) { reports.append(($0, $1)) }
        XCTAssertEqual(reports.map(\.done), Array(1...40), "export reports every file")
        XCTAssertTrue(reports.allSatisfy { $0.total == 40 }, "\(reports)")
    }

    func testAMalformedFileAbortsTheWholeImportAndNamesFileLineAndColumn() throws {
        let corpus = try Corpus.temporary()
        let good = try tutorialCopy()
        try corpus.importFixtures(from: good.path)
        let before = try tree(try exported(corpus))

        let bad = try makeTemporaryDirectory("bad")
        try write(#"{"feature":"a","initialState":{},"steps":[{"action":{"case":"go"},"expectedEffects":[],"expectedState":{}}]}"# + "\n", to: bad.appendingPathComponent("a.fixture.json"))
        try write("{\n  \"feature\": \"z\",\n  \"initialState\": {\n    \"amount\": 1.5\n  },\n  \"steps\": []\n}\n",
                  to: bad.appendingPathComponent("z.fixture.json"))
        XCTAssertThrowsError(try corpus.importFixtures(from: bad.path)) { error in
            let input = error as? InputError
            XCTAssertEqual(input?.file.hasSuffix("z.fixture.json"), true, "\(error)")
            XCTAssertEqual(input?.line, 4, "\(error)")
            XCTAssertNotNil(input?.column)
        }
        XCTAssertEqual(try tree(try exported(corpus)), before, "the good file in the same import must not land either")
        XCTAssertEqual(try corpus.fixtureNames().contains("a"), false)

        // Negative control: the same folder without the bad file imports.
        try FileManager.default.removeItem(at: bad.appendingPathComponent("z.fixture.json"))
        XCTAssertNoThrow(try corpus.importFixtures(from: bad.path))
        XCTAssertTrue(try corpus.fixtureNames().contains("a"))
    }

    func testAShapeErrorIsPlacedAtItsKey() throws {
        let corpus = try Corpus.temporary()
        let dir = try makeTemporaryDirectory()
        try write("{\n  \"feature\": \"f\",\n  \"steps\": [\n    {\n      \"action\": {},\n      \"expectedEffects\": [],\n      \"line\": \"x\"\n    }\n  ]\n}\n",
                  to: dir.appendingPathComponent("f.fixture.json"))
        XCTAssertThrowsError(try corpus.importFixtures(from: dir.path)) { error in
            XCTAssertEqual((error as? InputError)?.line, 7, "\(error)")
            XCTAssertTrue("\(error)".contains("steps[0].line"), "\(error)")
        }
    }

    func testReimportingUnchangedFilesChangesNothingAndAChangedFileIsReplacedInPlace() throws {
        let corpus = try Corpus.temporary()
        let dir = try tutorialCopy()
        try corpus.importFixtures(from: dir.path)
        let ids = try corpus.database.rows("SELECT name, id FROM fixtures ORDER BY name")
        let blobCount = try corpus.database.scalarInteger("SELECT count(*) FROM blobs")

        let again = try corpus.importFixtures(from: dir.path)
        XCTAssertEqual(again.inserted + again.replaced, [])
        XCTAssertEqual(again.unchanged.count, ids.count)
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM blobs"), blobCount)

        let counter = try XCTUnwrap(tree(dir).keys.first { $0 == "counter.fixture.json" || $0.hasSuffix("/counter.fixture.json") })
        let url = dir.appendingPathComponent(counter)
        let edited = String(decoding: try bytes(of: url), as: UTF8.self).replacingOccurrences(of: "\"line\": 12", with: "\"line\": 99")
        try write(edited, to: url)
        let changed = try corpus.importFixtures(from: dir.path)
        XCTAssertEqual(changed.replaced, ["counter"])
        XCTAssertEqual(try corpus.database.rows("SELECT name, id FROM fixtures ORDER BY name"), ids, "replaced in place: same ids")
        XCTAssertEqual(try corpus.fixtures(name: "counter").first?.steps.first?.line, 99)
        XCTAssertEqual(try bytes(of: try exported(corpus).appendingPathComponent("counter.fixture.json")), Array(edited.utf8))
    }

    func testReplacingAFixtureDropsWhatOnlyItHeld() throws {
        let corpus = try Corpus.temporary()
        try corpus.setStructures(manifestStructures: ["nav": ["sheet": .slot]])
        try corpus.upsertFixtures([try navigationFixture(steps: [(#"{"case":"open"}"#, #"{"path":[],"sheet":{"case":"camera"},"title":"t"}"#)])])
        try corpus.upsertFixtures([try navigationFixture(steps: [(#"{"case":"share"}"#, #"{"path":[],"sheet":{"case":"share"},"title":"t"}"#)])])
        let check = try corpus.check()
        XCTAssertTrue(check.holds, "\(check.problems)")
        XCTAssertEqual(try corpus.database.rows("SELECT DISTINCT kind FROM snapshot_kinds").map { $0[0] }, [.text("nav.slot.share")])
        try corpus.collectDeferredGarbage()
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM blobs WHERE bytes = CAST('{\"case\":\"open\"}' AS BLOB)"), 0)
        try corpus.deleteFixtures(named: ["nav"])
        try corpus.collectDeferredGarbage()
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM blobs"), 0)
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM snapshot_fields"), 0)
    }

    func testRecordedFixturesAreStoredAndReadBack() throws {
        let corpus = try Corpus.temporary()
        let fixture = try navigationFixture(steps: [(#"{"case":"open"}"#, #"{"path":[],"sheet":{"case":"camera"},"title":"t"}"#)])
        let first = try corpus.upsertFixtures([fixture])
        XCTAssertEqual(first.inserted, ["nav"])
        XCTAssertEqual(try corpus.fixtures(feature: "nav"), [fixture])
        XCTAssertEqual(try corpus.upsertFixtures([fixture]).unchanged, ["nav"])
        XCTAssertEqual(try corpus.fixtures(feature: "other"), [])
    }

    func testIdenticalStatesAreStoredOnce() throws {
        let corpus = try Corpus.temporary()
        let state = #"{"path":[],"title":"t"}"#
        let fixture = try navigationFixture(steps: Array(repeating: (#"{"case":"noop"}"#, state), count: 50))
        try corpus.upsertFixtures([fixture])
        // initial == every state, one action, one effects list.
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM blobs"), 3)
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM steps"), 50)
    }

    func testNamesThatWouldEscapeTheExportDirectoryAreRefused() throws {
        let corpus = try Corpus.temporary()
        var fixture = try navigationFixture(steps: [])
        fixture.name = "../escape"
        XCTAssertThrowsError(try corpus.upsertFixtures([fixture]))
        XCTAssertEqual(try corpus.fixtureNames(), [])
    }

    func testTwoFilesWithTheSameFixtureNameAreRefused() throws {
        let corpus = try Corpus.temporary()
        let dir = try makeTemporaryDirectory()
        let text = #"{"feature":"a","initialState":{},"steps":[{"action":{"case":"go"},"expectedEffects":[],"expectedState":{}}]}"# + "\n"
        try write(text, to: dir.appendingPathComponent("one/a.fixture.json"))
        try write(text, to: dir.appendingPathComponent("two/a.fixture.json"))
        XCTAssertThrowsError(try corpus.importFixtures(from: dir.path)) { error in
            XCTAssertTrue("\(error)".contains("also defined"), "\(error)")
        }
    }

    private func exported(_ corpus: Corpus) throws -> URL {
        let out = try makeTemporaryDirectory("out")
        try corpus.exportFixtures(to: out.path)
        return out
    }
}

final class ProjectionHashTests: XCTestCase {
    func testTheStoredProjectionHashFollowsBehaviourNotMetadata() throws {
        let corpus = try Corpus.temporary()
        let base = try navigationFixture(steps: [(#"{"case":"open"}"#, #"{"path":[],"title":"a"}"#)])
        var relabelled = base
        relabelled.name = "relabelled"
        relabelled.steps[0].label = "another label"
        relabelled.description = "another description"
        var changed = base
        changed.name = "changed"
        changed.steps[0].expectedState = try CanonicalJSON.parse(#"{"path":[],"title":"b"}"#)
        try corpus.upsertFixtures([base, relabelled, changed])
        let hashes = Dictionary(uniqueKeysWithValues: try corpus.database.rows("SELECT name, projection_hash FROM fixtures").map { ($0[0].text ?? "", $0[1]) })
        XCTAssertEqual(hashes["nav"], hashes["relabelled"])
        XCTAssertNotEqual(hashes["nav"], hashes["changed"])
    }
}

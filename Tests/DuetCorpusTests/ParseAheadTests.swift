import XCTest
@testable import DuetCorpus

/// Files are parsed ahead of the writer in batches, handed over in file order, and a writer that
/// throws stops the parsing without hanging.
final class ParseAheadTests: XCTestCase {
    private func files(_ count: Int) throws -> [(name: String, path: String)] {
        let dir = try makeTemporaryDirectory("ahead")
        for index in 0..<count {
            try write(#"{"feature":"f","initialState":{"n":\#(index)},"steps":[{"action":{"case":"go"},"expectedEffects":[],"expectedState":{}}]}"#,
                      to: dir.appendingPathComponent(String(format: "f%04d.fixture.json", index)))
        }
        return try FixtureFiles.find(in: dir.path)
    }

    func testBatchesArriveInFileOrderWhateverTheLookahead() throws {
        let found = try files(103)
        for (batchSize, lookahead) in [(1, 1), (4, 2), (16, 6), (200, 3)] {
            var names: [String] = []
            try ParsedFixtureFile.forEachBatch(found, knownHashes: [:], batchSize: batchSize, lookahead: lookahead) { batch in
                XCTAssertLessThanOrEqual(batch.count, batchSize)
                names += batch.map(\.name)
            }
            XCTAssertEqual(names, found.map(\.name), "batch size \(batchSize), lookahead \(lookahead)")
        }
    }

    func testAWriterThatThrowsStopsTheParsingAndTheErrorComesBack() throws {
        struct Stop: Error {}
        let found = try files(60)
        var batchesSeen = 0
        XCTAssertThrowsError(try ParsedFixtureFile.forEachBatch(found, knownHashes: [:], batchSize: 2, lookahead: 3) { _ in
            batchesSeen += 1
            if batchesSeen == 5 { throw Stop() }
        }) { error in XCTAssertTrue(error is Stop, "\(error)") }
        XCTAssertEqual(batchesSeen, 5, "no batch is handed over after the throw")
    }

    /// Negative control: known hashes make files come back unchanged, so the order check sees real content.
    func testKnownHashesMarkFilesUnchanged() throws {
        let found = try files(5)
        var first: [ParsedFixtureFile] = []
        try ParsedFixtureFile.forEachBatch(found, knownHashes: [:]) { first += $0 }
        let known = Dictionary(uniqueKeysWithValues: first.map { ($0.name, $0.hash.bytes) })
        var unchanged = 0
        try ParsedFixtureFile.forEachBatch(found, knownHashes: known) { batch in
            for file in batch { if case .unchanged = file.content { unchanged += 1 } }
        }
        XCTAssertEqual(unchanged, 5)
        XCTAssertTrue(first.allSatisfy { if case .fixture = $0.content { return true } else { return false } })
    }
}

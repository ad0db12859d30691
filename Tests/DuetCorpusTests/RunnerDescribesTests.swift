import XCTest
import Duet
@testable import DuetCorpus
import DuetManifest

final class RunnerDescribesTests: XCTestCase {
    private func structure(_ feature: String, role: Role) -> FeatureStructure {
        FeatureStructure(feature: feature, fields: [FieldDescription(path: "sheet", shape: "optional<sum>", role: role, kinds: ["a"])],
                         actions: ["open"], effects: [])
    }

    func testEachPlatformKeepsOnlyItsLastAnswer() throws {
        let corpus = try Corpus.temporary()
        try corpus.storeRunnerDescribe(platform: "swift", structures: [structure("nav", role: .slot), structure("tabs", role: .slot)])
        try corpus.storeRunnerDescribe(platform: "kotlin", structures: [structure("nav", role: .data)])
        try corpus.storeRunnerDescribe(platform: "swift", structures: [structure("nav", role: .slot)])
        let stored = try corpus.runnerDescribes()
        XCTAssertEqual(stored["swift"], [structure("nav", role: .slot)])
        XCTAssertEqual(stored["kotlin"], [structure("nav", role: .data)])
        XCTAssertEqual(DeclarationParity.differences(("swift", stored["swift"]!), ("kotlin", stored["kotlin"]!)).map(\.aspect), [.role])
        try corpus.collectDeferredGarbage()
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM blobs"), 2, "the replaced answer's blob is collected")
    }
}

import Foundation
import XCTest
@testable import DuetManifest

/// Upstream's miniature adopter manifest (`../shared/reference/duet-tools/mini-dual`, beside the
/// checkout, never copied in) reads with our reader, and our lint answers its looser ledger with the
/// stricter findings it names. `vectors/mini-adopter` is the project's own tree in the same grammar
/// (ManifestReaderTests, ManifestLintTests); this test needs upstream's file and says so when it is absent.
final class UpstreamManifestConformanceTests: XCTestCase {
    func testUpstreamsMiniDualManifestReadsAndItsStricterFindingsAreNamed() throws {
        let upstream = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("../shared/reference/duet-tools/mini-dual/parity/manifest.yaml").standardizedFileURL
        guard FileManager.default.fileExists(atPath: upstream.path) else {
            throw XCTSkip("upstream's manifest is not at \(upstream.path): reading upstream's own file is not checked (vectors/mini-adopter's tests still run)")
        }
        let manifest = try Manifest.load(path: upstream.path)
        XCTAssertEqual(manifest.features.map(\.name), ["greeter"])
        XCTAssertEqual(manifest.features[0].attributes["state"], "GreeterState")
        XCTAssertEqual(manifest.features[0].fixtures, ["greeter"])
        XCTAssertEqual(manifest.chains, ["greeter.wave"])
        XCTAssertEqual(manifest.waivers.map(\.kind), ["greeter.banner-fade"])
        XCTAssertEqual(manifest.islands.map(\.id), ["greeter.map"])
        XCTAssertNil(manifest.islands.first?.platform)
        let found = ManifestLintTests.findings(ofManifestAt: upstream.path)
        XCTAssertEqual(found.errors, [])
        XCTAssertTrue(found.all.contains("22 ledger.kind"), "\(found.all)")
        XCTAssertTrue(found.all.contains("29 ledger.platforms"), "\(found.all)")
    }
}

import Foundation
import XCTest

/// A copy of the reference tree as a fresh clone has it — `parity/`, `corpus.db.seed` and `Sources/`
/// (the manifest names them); no corpus, no milestones, no pending recordings — whose manifest runs
/// the built Memory Lane runner as `bin/memorylane-runner` and names a Kotlin runner that is not built.
func referenceTreeCopy(in work: URL) throws -> URL {
    let copy = work.appendingPathComponent("clone")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    for item in ["parity", "corpus.db.seed", "Sources"] {
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent(item), to: copy.appendingPathComponent(item))
    }
    try? FileManager.default.removeItem(at: copy.appendingPathComponent("parity/milestones"))
    try? FileManager.default.removeItem(at: copy.appendingPathComponent("parity/.pending"))
    let bin = copy.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("memorylane-runner").path,
                                               withDestinationPath: try BuildProducts.executable("memorylane-runner"))
    let manifest = copy.appendingPathComponent("parity/manifest.yaml")
    let text = String(decoding: try Data(contentsOf: manifest), as: UTF8.self)
        .replacingOccurrences(of: "swift: swift run -q memorylane-runner", with: "swift: bin/memorylane-runner")
    guard text.contains("swift: bin/memorylane-runner"), text.contains("kotlin: kotlin/build/memorylane-runner") else {
        throw BuildFailure("parity/manifest.yaml no longer names its runners as this copy expects")
    }
    try Data(text.utf8).write(to: manifest)
    return copy
}

import Foundation
import DuetCorpus
import DuetSynthetic

/// Inputs that come in two generations, so a corpus killed while switching from one to the other
/// shows which one it holds — and whether it mixes them.
enum Generations {
    static let names = ["A", "B"]

    /// `fixtures` fixture files of `steps` steps whose description and every state name `generation`.
    static func writeFixtures(_ generation: String, fixtures: Int, steps: Int, to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for fixture in try GenerationFixtures.make(generation, feature: "reliability", count: fixtures, steps: steps) {
            try Data(fixture.document.prettyBytes).write(to: folder.appendingPathComponent("\(fixture.name).fixture.json"))
        }
    }

    /// A manifest whose `islands` entries all carry `generation` as their boundary.
    static func writeManifest(_ generation: String, islands: Int, to file: URL) throws {
        var text = "presentation:\n  islands:\n"
        for index in 0..<islands {
            text += "    - {id: island-\(index), feature: f\(index % 16), platform: \(index % 2 == 0 ? "ios" : "android"), "
                + "boundary: generation-\(generation), reason: reliability, since: \"2026-01-01\"}\n"
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}

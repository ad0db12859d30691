import Foundation
import Duet

/// Inputs that come in two generations, so a corpus killed while switching from one to the other
/// shows which one it holds — and whether it mixes them.
enum Generations {
    static let names = ["A", "B"]

    /// `fixtures` fixture files of `steps` steps whose description and every state name `generation`.
    static func writeFixtures(_ generation: String, fixtures: Int, steps: Int, to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<fixtures {
            let fixture = Fixture(
                name: "reliability.f\(index)", feature: "reliability", dialect: 2, description: "generation \(generation)",
                initialState: try CanonicalJSON.parse(#"{"generation":"\#(generation)","n":0}"#),
                steps: try (0..<steps).map { step in
                    let sheet = step % 3 == 0 ? #","sheet":{"case":"s\#(step % 5)"}"# : ""
                    return FixtureStep(label: "step \(step)", line: step + 1,
                                       action: try CanonicalJSON.parse(#"{"case":"tick","value":\#(step)}"#),
                                       expectedState: try CanonicalJSON.parse(#"{"generation":"\#(generation)","n":\#(step + 1)\#(sheet)}"#),
                                       expectedEffects: .array([]))
                })
            try Data(fixture.document.prettyBytes).write(to: folder.appendingPathComponent("reliability.f\(index).fixture.json"))
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

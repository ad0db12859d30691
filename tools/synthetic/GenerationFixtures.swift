import Duet
import DuetFixtures

/// Fixtures that come in generations: the description and every state name the generation, so a
/// corpus switched from one generation to another shows which one it holds — and whether it mixes
/// them. The crash tests and the reliability drivers kill imports between two generations.
///
/// ```swift
/// let a = try GenerationFixtures.make("A", feature: "crash", count: 12, steps: 120)
/// a[0].name          // "crash.f0"
/// a[0].description   // "generation A"
/// ```
public enum GenerationFixtures {
    public static func make(_ generation: String, feature: String, count: Int, steps: Int) throws -> [Fixture] {
        try (0..<count).map { index in
            Fixture(name: "\(feature).f\(index)", feature: feature, dialect: 2, description: "generation \(generation)",
                    initialState: try CanonicalJSON.parse(#"{"generation":"\#(generation)","n":0}"#),
                    steps: try (0..<steps).map { step in
                        let sheet = step % 3 == 0 ? #","sheet":{"case":"s\#(step % 5)"}"# : ""
                        return FixtureStep(label: "step \(step)", line: step + 1,
                                           action: try CanonicalJSON.parse(#"{"case":"tick","value":\#(step)}"#),
                                           expectedState: try CanonicalJSON.parse(#"{"generation":"\#(generation)","n":\#(step + 1)\#(sheet)}"#),
                                           expectedEffects: .array([]))
                    })
        }
    }
}

import Duet
import DuetScenarios

/// Memory Lane, the reference app: its features, their scenarios and the seams between them, all
/// derived from one list (`catalogue`). The runner serves what it lists, `record` records it, and
/// `duet lint` checks the manifest's `features:` against what was recorded and served.
///
/// ```swift
/// MemoryLaneApp.features.map { $0.name }       // ["rootnav", "splash", …]
/// MemoryLaneApp.scenarios.flatMap { $0.paths() }.count + MemoryLaneApp.chains.count
/// ```
public enum MemoryLaneApp {
    /// Every feature, once, in the order they are served and their scenarios recorded.
    static var catalogue: [any Catalogued.Type] {
        [
            RootNav.self, Splash.self, Registration.self, IntroduceYourself.self, Onboarding.self, Accept.self,
            EnterCode.self, MainNav.self, Timeline.self, MemoryDetail.self, Capture.self, Shared.self,
            SharePicker.self, InviteCode.self, Profile.self, Priming.self,
        ]
    }

    public static var features: [any Feature.Type] { catalogue }

    public static var scenarios: [ScenarioDefinition] { catalogue.flatMap { $0.scenarios } }

    public static var chains: [ChainDefinition] { chainScenarios.map(\.definition) }

    /// The seams the chains pin, each once: what the runner's `describe` lists on their parents.
    public static var seams: [Seam] {
        var seen = Set<Seam>()
        return chainScenarios.flatMap(\.hops).compactMap(\.seam).filter { seen.insert($0).inserted }
    }

    /// The chains as written: each seam hop names the embedding that carries it (`Chain.play()`).
    public static var chainScenarios: [Chain] { catalogue.flatMap { $0.chains } }
}

/// A feature of the catalogue: it brings its scenarios, and the chains that start from it.
protocol Catalogued: Feature {
    static var scenarios: [ScenarioDefinition] { get }
    static var chains: [Chain] { get }
}

extension Catalogued {
    static var chains: [Chain] { [] }
}

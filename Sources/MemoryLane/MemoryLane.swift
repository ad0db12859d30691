import Duet
import DuetScenarios

/// Memory Lane, the reference app: its 16 features, their scenarios and the seams between them.
///
/// ```swift
/// MemoryLaneApp.features.map { $0.name }       // ["rootnav", "splash", …]
/// MemoryLaneApp.scenarios.flatMap { $0.paths() }.count + MemoryLaneApp.chains.count
/// ```
public enum MemoryLaneApp {
    public static var features: [any Feature.Type] {
        [
            RootNav.self, Splash.self, Registration.self, IntroduceYourself.self, Onboarding.self, Accept.self,
            EnterCode.self, MainNav.self, Timeline.self, MemoryDetail.self, Capture.self, Shared.self,
            SharePicker.self, InviteCode.self, Profile.self, Priming.self,
        ]
    }

    public static var scenarios: [ScenarioDefinition] {
        RootNav.scenarios + Splash.scenarios + Registration.scenarios + IntroduceYourself.scenarios
            + Onboarding.scenarios + Accept.scenarios + EnterCode.scenarios + MainNav.scenarios
            + Timeline.scenarios + MemoryDetail.scenarios + Capture.scenarios + Shared.scenarios
            + SharePicker.scenarios + InviteCode.scenarios + Profile.scenarios + Priming.scenarios
    }

    public static var chains: [ChainDefinition] { chainScenarios.map(\.definition) }

    /// The seams the chains pin, each once: what the runner's `describe` lists on their parents.
    public static var seams: [Seam] {
        var seen = Set<Seam>()
        return chainScenarios.flatMap(\.hops).compactMap(\.seam).filter { seen.insert($0).inserted }
    }

    /// The chains as written: each seam hop names the embedding that carries it (`Chain.play()`).
    public static var chainScenarios: [Chain] {
        RootNav.chains + MainNav.chains + Timeline.chains + MemoryDetail.chains + Shared.chains
    }
}

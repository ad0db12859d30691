import Duet
import DuetReplay
import MemoryLane

// Serves Memory Lane over the replay protocol on stdin/stdout.
func serve<F: Feature>(_ feature: F.Type, in registry: inout ReplayRegistry) {
    let structure: FeatureStructure
    do { structure = try describe(F.self) } catch { fatalError("memorylane-runner: cannot describe \(F.name): \(error)") }
    registry.register(feature, describe: { structure })
}

var registry = ReplayRegistry(platform: "swift")
for feature in MemoryLaneApp.features {
    serve(feature, in: &registry)
}
registry.addScenarios(MemoryLaneApp.scenarios)
registry.addChains(MemoryLaneApp.chains)
ReplayServer(registry).serve()

import Duet
import DuetRunner
import MemoryLane

// Serves Memory Lane over the replay protocol on stdin/stdout.
func register<F: Feature>(_ feature: F.Type, in registry: inout ReplayRegistry) {
    registry.register(feature)   // `describe` comes from the kernel's `describe(F.self)`
}

var registry = ReplayRegistry(platform: "swift")
for feature in MemoryLaneApp.features {
    register(feature, in: &registry)
}
registry.addScenarios(MemoryLaneApp.scenarios)
registry.addChains(MemoryLaneApp.chains)
registry.addSeams(MemoryLaneApp.seams)
ReplayServer(registry).serve()

package memorylane

import duet.kernel.Feature
import duet.replay.ReplayRegistry
import duet.replay.ReplayServer

/** Memory Lane's twin: the 16 features the Swift reference app has, by the same names. */
object MemoryLane {
    val features: List<Feature<*, *, *>> = listOf(
        RootNav, Splash, Registration, IntroduceYourself, Onboarding, Accept, EnterCode, MainNav,
        Timeline, MemoryDetail, Capture, Shared, SharePicker, InviteCode, Profile, Priming)
}

/** The runner: serves Memory Lane over the replay protocol on stdin/stdout. */
fun main() {
    val registry = ReplayRegistry("kotlin")
    MemoryLane.features.forEach { registry.register(it) }
    ReplayServer(registry).serve()
}

package dev.duet.memorylane

import dev.duet.composition.Embedding
import dev.duet.kernel.Feature
import dev.duet.replay.ReplayRegistry

/** Memory Lane's twin: the 16 features the Swift reference app has, by the same names, and the seams between them. */
object MemoryLane {
    val features: List<Feature<*, *, *>> = listOf(
        RootNav, Splash, Registration, IntroduceYourself, Onboarding, Accept, EnterCode, MainNav,
        Timeline, MemoryDetail, Capture, Shared, SharePicker, InviteCode, Profile, Priming)

    val seams: List<Embedding<*, *, *, *, *>> =
        RootNavEmbeddings.all + MainNavEmbeddings.all + TimelineEmbeddings.all + SharedEmbeddings.all + MemoryDetailEmbeddings.all

    /** What the runner serves. */
    fun registry(): ReplayRegistry = ReplayRegistry("kotlin").apply {
        features.forEach { register(it) }
        addSeams(seams)
    }
}

package dev.duet.memorylane

import dev.duet.replay.ReplayServer

/** The runner: serves Memory Lane over the replay protocol on stdin/stdout. */
fun main() {
    ReplayServer(MemoryLane.registry()).serve()
}

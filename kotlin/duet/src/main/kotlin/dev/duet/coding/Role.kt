package dev.duet.coding

/**
 * A state field's part in the navigation algebra: one of the four L0 primitives, an island's
 * boundary summary, or plain feature data. [text] is what `describe` answers.
 */
sealed class Role(val text: String) {
    object Data : Role("data")
    /** A push stack of routes, back-poppable. */
    object Path : Role("path")
    /** One optional modal. */
    object Slot : Role("slot")
    /** User-switchable siblings. */
    object Tabs : Role("tabs")
    /** Exactly one full-screen child, moved by reducer edges. */
    object Stage : Role("stage")
    /** A region whose internals live outside state; only its boundary summary persists. */
    class Island(id: String) : Role("island:$id")
}

package dev.duet.kernel

/** What a store did, in order: what traces record and what tests check against. */
sealed class StoreEvent<out S, out A, out P> {
    /** An action arrived through `send` (logged when it is processed). */
    data class Send<A>(val action: A) : StoreEvent<Nothing, A, Nothing>()
    /** The reducer ran: the action, the state it published, the effects it returned. */
    data class Reduce<S, A, P>(val action: A, val state: S, val effects: List<Effect<P>>) : StoreEvent<S, A, P>()
    data class EffectStart<P>(val payload: P, val id: String?) : StoreEvent<Nothing, Nothing, P>()
    /** An action yielded by a running effect, about to be reduced. */
    data class EffectAction<A>(val action: A) : StoreEvent<Nothing, A, Nothing>()
    data class EffectCancelled<P>(val payload: P, val id: String?) : StoreEvent<Nothing, Nothing, P>()
    data class EffectFinished<P>(val payload: P, val id: String?) : StoreEvent<Nothing, Nothing, P>()
    object Teardown : StoreEvent<Nothing, Nothing, Nothing>()
}

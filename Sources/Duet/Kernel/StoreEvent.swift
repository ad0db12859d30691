/// What a store did, in order: what traces record and what `TestStore` checks against.
public enum StoreEvent<F: Feature> {
    /// An action arrived through `send` (logged when it is processed).
    case send(F.Action)
    /// The reducer ran: the action, the state it published, the effects it returned.
    case reduce(F.Action, state: F.State, effects: [Effect<F.EffectPayload>])
    case effectStart(F.EffectPayload, id: String?)
    /// An action yielded by a running effect, about to be reduced.
    case effectAction(F.Action)
    case effectCancelled(F.EffectPayload, id: String?)
    case effectFinished(F.EffectPayload, id: String?)
    case teardown
}

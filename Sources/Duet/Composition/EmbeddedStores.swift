/// The child stores an `Embedding` mounts in a parent store, kept in step with the parent's state:
/// after every parent reduce, a new mount gets a store and a gone one is torn down. A child effect
/// the embedding maps to a parent action finishes at once and that action is sent to the parent;
/// every other child effect runs through `effects`.
///
/// ```swift
/// let shell = Store(MainNav.self, initialState: .init(), clock: clock)
/// let captures = EmbeddedStores(MainNav.capture, in: shell, clock: clock) { _ in Capture.State() }
/// shell.send(.captureTapped)
/// captures.store()?.send(.cancelTapped)   // its captureCancelled delegate reaches the shell
/// shell.state.sheet                        // nil, and the capture store is torn down
/// ```
public final class EmbeddedStores<Parent: Feature, Child: Feature> {
    public let embedding: Embedding<Parent, Child>
    /// The live children, by mount.
    public private(set) var stores: [Mount: Store<Child>] = [:]
    private weak var parent: Store<Parent>?
    private let clock: any KernelClock
    private let initialState: (Mount) -> Child.State
    private let effects: EffectHandler<Child>?

    /// `initialState` builds a child's state when it is mounted; `effects` runs its non-delegate effects.
    public init(_ embedding: Embedding<Parent, Child>, in parent: Store<Parent>, clock: any KernelClock,
                effects: EffectHandler<Child>? = nil, initialState: @escaping (Mount) -> Child.State) {
        self.embedding = embedding
        self.parent = parent
        self.clock = clock
        self.effects = effects
        self.initialState = initialState
        parent.observe { [weak self] event in
            switch event {
            case .reduce(_, let state, _): self?.mount(for: state)
            case .teardown: self?.unmountAll()
            default: break
            }
        }
        mount(for: parent.state)
    }

    /// The child at `index` (the only one, outside a path).
    public func store(at index: Int = 0) -> Store<Child>? {
        stores.first { $0.key.index == index }?.value
    }

    private func mount(for state: Parent.State) {
        let wanted = Set(embedding.mounts(state))
        for (mount, store) in stores where !wanted.contains(mount) {
            stores[mount] = nil
            store.teardown()
        }
        for mount in wanted where stores[mount] == nil {
            stores[mount] = Store(Child.self, initialState: initialState(mount), clock: clock, effects: handler())
        }
    }

    private func unmountAll() {
        let gone = stores.values
        stores.removeAll()
        gone.forEach { $0.teardown() }
    }

    private func handler() -> EffectHandler<Child> {
        let delegate = embedding.delegate
        let effects = self.effects
        return { [weak parent] payload, context in
            guard let action = delegate(payload) else {
                // Without a handler the child's own effects are data only, as in a plain store.
                if let effects { effects(payload, context) } else { context.finish() }
                return
            }
            context.finish()
            parent?.send(action)
        }
    }
}

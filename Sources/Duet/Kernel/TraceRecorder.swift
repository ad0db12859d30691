/// Writes a store's runtime as compact canonical JSON lines (the kernel-trace vocabulary:
/// `send`, `reduce`, `effectStart`, `effectAction`, `effectCancelled`, `effectFinished`,
/// `advance`, `teardown`), feature values embedded as canonical strings.
///
/// ```swift
/// let recorder = TraceRecorder()
/// recorder.record(store)
/// store.send(.inc)          // {"action":"\"inc\"","event":"send"} / {"action":"\"inc\"","event":"reduce","state":"1"}
/// recorder.text             // the lines, each ending in "\n"
/// ```
///
/// `effectStart` carries `"id":null`: the trace vocabulary identifies effects by payload.
public final class TraceRecorder {
    public private(set) var lines: [String] = []
    private let encoder = CanonicalEncoder()

    public init() {}

    /// The trace as a JSON-lines document.
    public var text: String { lines.map { $0 + "\n" }.joined() }

    /// Records every event of `store` from now on.
    public func record<F: Feature>(_ store: Store<F>) {
        store.observe { [weak self] event in self?.record(event) }
    }

    /// Records virtual time moving forward (wire it to the clock that drives the store).
    public func recordAdvance(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        write([("event", .string("advance")), ("nanoseconds", .int(nanoseconds))])
    }

    private func record<F: Feature>(_ event: StoreEvent<F>) {
        switch event {
        case .send(let action):
            write([("action", embedded(action)), ("event", .string("send"))])
        case .reduce(let action, let state, _):
            write([("action", embedded(action)), ("event", .string("reduce")), ("state", embedded(state))])
        case .effectStart(let payload, _):
            write([("event", .string("effectStart")), ("id", .null), ("payload", embedded(payload))])
        case .effectAction(let action):
            write([("action", embedded(action)), ("event", .string("effectAction"))])
        case .effectCancelled(let payload, _):
            write([("event", .string("effectCancelled")), ("payload", embedded(payload))])
        case .effectFinished(let payload, _):
            write([("event", .string("effectFinished")), ("payload", embedded(payload))])
        case .teardown:
            write([("event", .string("teardown"))])
        }
    }

    private func embedded<T: Encodable>(_ value: T) -> JSONValue {
        do { return .string(try encoder.canonicalString(value)) } catch { return .string("<unencodable: \(error)>") }
    }

    private func write(_ members: [(String, JSONValue)]) {
        // Keys are written in canonical order by the callers, so the object cannot hold duplicates.
        let object = (try? JSONObject(members)) ?? JSONObject()
        lines.append(JSONValue.object(object).canonicalString)
    }
}

/// Effects are data: run a payload (an id makes it cancel-in-flight) or cancel by id.
///
/// ```swift
/// return [.run(.startTicker, id: "counter.ticker")]   // {"id":"counter.ticker","kind":"run","payload":{"case":"startTicker"}}
/// return [.cancel(id: "counter.ticker")]              // {"id":"counter.ticker","kind":"cancel"}
/// ```
public enum Effect<Payload> {
    case run(Payload, id: String? = nil)
    case cancel(id: String)
}

extension Effect: Sendable where Payload: Sendable {}
extension Effect: Equatable where Payload: Equatable {}

extension Effect {
    /// The cancellation id: the run's id (nil when anonymous) or the cancelled id.
    public var id: String? {
        switch self {
        case .run(_, let id): return id
        case .cancel(let id): return id
        }
    }
}

private enum EffectCodingKeys: String, CodingKey {
    case kind, id, payload
}

extension Effect: Encodable where Payload: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EffectCodingKeys.self)
        switch self {
        case .run(let payload, let id):
            try container.encode("run", forKey: .kind)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encode(payload, forKey: .payload)
        case .cancel(let id):
            try container.encode("cancel", forKey: .kind)
            try container.encode(id, forKey: .id)
        }
    }
}

extension Effect: Decodable where Payload: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: EffectCodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "run":
            self = .run(try container.decode(Payload.self, forKey: .payload), id: try container.decodeIfPresent(String.self, forKey: .id))
        case "cancel":
            self = .cancel(id: try container.decode(String.self, forKey: .id))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container,
                debugDescription: "effect kind \"\(kind)\" is neither \"run\" nor \"cancel\"")
        }
    }
}

/// The L0 navigation primitives: the algebra is closed at these four.
///
/// ```swift
/// Primitive.allCases.map(\.rawValue)   // ["path", "slot", "tabs", "stage"]
/// Primitive(rawValue: "sheet")         // nil: not a primitive
/// ```
public enum Primitive: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// A push stack, back-poppable.
    case path
    /// One optional modal per node.
    case slot
    /// User-switchable siblings, all alive.
    case tabs
    /// Exactly one full-screen child, moved by reducer-edge transitions.
    case stage

    public var description: String { rawValue }
}

/// What a state field is to the navigation structure, as `describe` reports it: one of the four
/// primitives, an island's boundary summary, or plain data. Its text form is the wire form
/// (`path`, `slot`, `tabs`, `stage`, `island:<id>`, `data`), so describe answers, the corpus and
/// every other flavor agree byte for byte.
///
/// ```swift
/// Role(rawValue: "island:photo-carousel")   // .island("photo-carousel")
/// Role.slot.primitive                       // .slot
/// Role.island("video-player").rawValue      // "island:video-player"
/// ```
public enum Role: Sendable, Hashable, Codable, CustomStringConvertible {
    case path
    case slot
    case tabs
    case stage
    /// The field holds an island's boundary summary; the id is the island's.
    case island(String)
    case data

    public static let islandPrefix = "island:"

    public init(_ primitive: Primitive) {
        switch primitive {
        case .path: self = .path
        case .slot: self = .slot
        case .tabs: self = .tabs
        case .stage: self = .stage
        }
    }

    /// nil for a text that names no role (an island needs an id).
    public init?(rawValue: String) {
        if let primitive = Primitive(rawValue: rawValue) {
            self.init(primitive)
        } else if rawValue == "data" {
            self = .data
        } else if rawValue.hasPrefix(Self.islandPrefix), rawValue.count > Self.islandPrefix.count {
            self = .island(String(rawValue.dropFirst(Self.islandPrefix.count)))
        } else {
            return nil
        }
    }

    public var rawValue: String {
        switch self {
        case .island(let id): Self.islandPrefix + id
        case .data: "data"
        default: primitive!.rawValue
        }
    }

    /// The L0 primitive, for the four that are one.
    public var primitive: Primitive? {
        switch self {
        case .path: .path
        case .slot: .slot
        case .tabs: .tabs
        case .stage: .stage
        case .island, .data: nil
        }
    }

    /// The island's id, for an island's boundary summary.
    public var islandID: String? {
        if case .island(let id) = self { return id }
        return nil
    }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let role = Role(rawValue: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription:
                "'\(text)' is not a role: use path, slot, tabs, stage, island:<id> or data")
        }
        self = role
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// What a run covered: everything, or the filters that narrowed it. A filtered run is stored
/// labelled as such and is never taken for the whole (the milestone reads full runs only).
///
/// ```swift
/// RunScope(feature: "timeline").stored          // "feature=timeline"
/// RunScope(shard: (2, 4)).isFull                // false
/// RunScope(stored: "full")                      // .full
/// ```
public enum RunScope: Sendable, Equatable, Hashable, CustomStringConvertible {
    case full
    case filtered([Filter])

    public enum Filter: Sendable, Equatable, Hashable {
        case feature(String)
        case fixture(String)
        case shard(index: Int, count: Int)
    }

    /// `.full` when nothing narrows the run.
    public init(feature: String? = nil, fixture: String? = nil, shard: (index: Int, count: Int)? = nil) {
        var filters: [Filter] = []
        if let feature { filters.append(.feature(feature)) }
        if let fixture { filters.append(.fixture(fixture)) }
        if let shard, shard.count > 1 { filters.append(.shard(index: shard.index, count: shard.count)) }
        self = filters.isEmpty ? .full : .filtered(filters)
    }

    public var isFull: Bool { self == .full }

    /// The `runs.scope` column: `full`, or `feature=… fixture=… shard=K/N`.
    public var stored: String {
        switch self {
        case .full: return "full"
        case .filtered(let filters):
            return filters.map { filter -> String in
                switch filter {
                case .feature(let name): return "feature=\(name)"
                case .fixture(let name): return "fixture=\(name)"
                case .shard(let index, let count): return "shard=\(index)/\(count)"
                }
            }.joined(separator: " ")
        }
    }

    /// Reads the column back; nil for a run stored before scopes were recorded (or an unknown form).
    public init?(stored: String?) {
        guard let stored else { return nil }
        if stored == "full" { self = .full; return }
        var filters: [Filter] = []
        for part in stored.split(separator: " ") {
            guard let equals = part.firstIndex(of: "=") else { return nil }
            let key = part[..<equals], value = String(part[part.index(after: equals)...])
            switch key {
            case "feature": filters.append(.feature(value))
            case "fixture": filters.append(.fixture(value))
            case "shard":
                let numbers = value.split(separator: "/").compactMap { Int($0) }
                guard numbers.count == 2 else { return nil }
                filters.append(.shard(index: numbers[0], count: numbers[1]))
            default: return nil
            }
        }
        guard !filters.isEmpty else { return nil }
        self = .filtered(filters)
    }

    public var description: String { isFull ? "full" : "filtered (\(stored))" }
}

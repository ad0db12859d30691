/// A key given twice when building a `JSONObject`.
public struct DuplicateKeyError: Error, Sendable, CustomStringConvertible {
    public var key: String
    public init(key: String) { self.key = key }
    public var description: String { "duplicate key \"\(key)\": keys must be distinct by Unicode scalars" }
}

extension JSONObject {
    public init() { members = [] }

    /// Throws `DuplicateKeyError` on a key given twice (by scalars).
    ///
    /// ```swift
    /// let object = try JSONObject([("b", .int(1)), ("a", .bool(true))])   // keys become a, b
    /// ```
    public init(_ pairs: [(String, JSONValue)]) throws {
        var members = pairs.map { Member(key: ScalarOrder.normalized($0.0), value: $0.1) }
        members.sort { ScalarOrder.compare($0.key, $1.key) < 0 }
        for i in members.indices.dropFirst() where ScalarOrder.compare(members[i - 1].key, members[i].key) == 0 {
            throw DuplicateKeyError(key: members[i].key)
        }
        self.members = members
    }

    /// Members already sorted by key bytes with distinct keys (the parser and encoder guarantee it).
    init(sortedMembers: [Member]) { members = sortedMembers }

    /// Setting nil removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            let key = ScalarOrder.normalized(key)
            let (index, found) = search(key)
            return found ? members[index].value : nil
        }
        set {
            let key = ScalarOrder.normalized(key)
            let (index, found) = search(key)
            switch (found, newValue) {
            case (true, let value?): members[index].value = value
            case (true, nil): members.remove(at: index)
            case (false, let value?): members.insert(Member(key: key, value: value), at: index)
            case (false, nil): break
            }
        }
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    /// Binary search by key bytes: the index of the key, or where it would be inserted.
    func search(_ key: String) -> (index: Int, found: Bool) {
        var low = 0, high = members.count
        while low < high {
            let mid = (low + high) / 2
            let c = ScalarOrder.compare(members[mid].key, key)
            if c == 0 { return (mid, true) }
            if c < 0 { low = mid + 1 } else { high = mid }
        }
        return (low, false)
    }
}

extension JSONValue: Equatable, Hashable {
    /// Equality by Unicode scalars for every string and key (UUID-shaped strings ignore case,
    /// as their canonical bytes do).
    public static func == (l: JSONValue, r: JSONValue) -> Bool {
        switch (l, r) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.string(let a), .string(let b)): return ScalarOrder.canonicallyEqual(a, b)
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(1); hasher.combine(b)
        case .int(let i): hasher.combine(2); hasher.combine(i)
        case .string(let s): hasher.combine(3); ScalarOrder.hash(s, into: &hasher)
        case .array(let a): hasher.combine(4); hasher.combine(a.count); for v in a { v.hash(into: &hasher) }
        case .object(let o): hasher.combine(5); o.hash(into: &hasher)
        }
    }
}

extension JSONObject: Equatable, Hashable {
    public static func == (l: JSONObject, r: JSONObject) -> Bool {
        guard l.members.count == r.members.count else { return false }
        for (a, b) in zip(l.members, r.members) {
            guard ScalarOrder.canonicallyEqual(a.key, b.key), a.value == b.value else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for m in members {
            ScalarOrder.hash(m.key, into: &hasher)
            m.value.hash(into: &hasher)
        }
    }
}

import Duet

/// The JSON shape of an action's payload, learned from the actions the fixtures of record send:
/// what `describe` does not say (it lists case names only). Strings that are UUIDs or dialect
/// dates are told apart, since their boundary values differ.
///
/// ```swift
/// let shape = PayloadShape.learn(try CanonicalJSON.parse(#"{"memoryId":"…","intent":"edit"}"#))
/// // .object(["intent": text, "memoryId": uuid])
/// ```
indirect enum PayloadShape: Sendable, Equatable {
    case null
    case bool
    case int
    case text
    case uuid
    case date
    /// nil: only empty arrays were seen.
    case array(PayloadShape?)
    case object([String: Member])
    /// A sum type: case name → its payload (nil: payload-free).
    case sum([String: PayloadShape?])
    /// Samples disagree (a number here, a string there): only recorded values are used.
    case mixed

    struct Member: Sendable, Equatable {
        var shape: PayloadShape
        /// Absent in some recording: an optional that may be omitted.
        var optional: Bool
    }

    static func learn(_ value: JSONValue) -> PayloadShape {
        switch value {
        case .null: return .null
        case .bool: return .bool
        case .int: return .int
        case .string(let text): return UUIDShape.matches(text) ? .uuid : DialectDate.isDate(text) ? .date : .text
        case .array(let items): return .array(items.map(learn).reduce(nil) { merged, next in merged.map { $0.merged(with: next) } ?? next })
        case .object(let object):
            if let name = Self.sumCase(object) {
                return .sum([name: object["value"].map(learn)])
            }
            var members: [String: Member] = [:]
            for member in object.members { members[member.key] = Member(shape: learn(member.value), optional: false) }
            return .object(members)
        }
    }

    /// The case name when `object` is a sum type's value: `{"case":…}` plus at most `value`.
    static func sumCase(_ object: JSONObject) -> String? {
        guard let name = object["case"]?.stringValue else { return nil }
        return object.keys.allSatisfy { $0 == "case" || $0 == "value" } ? name : nil
    }

    func merged(with other: PayloadShape) -> PayloadShape {
        switch (self, other) {
        case (.null, .null), (.bool, .bool), (.int, .int), (.text, .text), (.uuid, .uuid), (.date, .date): return self
        case (.text, .uuid), (.uuid, .text), (.text, .date), (.date, .text), (.uuid, .date), (.date, .uuid): return .text
        case (.array(let a), .array(let b)):
            switch (a, b) {
            case (nil, _): return .array(b)
            case (_, nil): return .array(a)
            case (let a?, let b?): return .array(a.merged(with: b))
            }
        case (.object(let a), .object(let b)):
            var members: [String: Member] = [:]
            for key in Set(a.keys).union(b.keys) {
                switch (a[key], b[key]) {
                case (let x?, let y?): members[key] = Member(shape: x.shape.merged(with: y.shape), optional: x.optional || y.optional)
                case (let x?, nil), (nil, let x?): members[key] = Member(shape: x.shape, optional: true)
                case (nil, nil): break
                }
            }
            return .object(members)
        case (.sum(let a), .sum(let b)):
            var cases = a
            for (name, payload) in b {
                switch (cases[name], payload) {
                case (nil, _): cases[name] = payload
                case (let x??, let y?): cases[name] = .some(x.merged(with: y))
                case (.some(nil), let y?): cases[name] = .some(y)
                default: break
                }
            }
            return .sum(cases)
        default: return .mixed
        }
    }
}

/// Dialect dates: `2026-07-02T09:30:00.000Z`, exactly (DESIGN §3).
enum DialectDate {
    static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 24 else { return false }
        let pattern = Array("dddd-dd-ddTdd:dd:dd.dddZ".utf8)
        for (byte, expected) in zip(bytes, pattern) {
            if expected == UInt8(ascii: "d") { guard byte >= 0x30 && byte <= 0x39 else { return false } }
            else if byte != expected { return false }
        }
        return true
    }
}

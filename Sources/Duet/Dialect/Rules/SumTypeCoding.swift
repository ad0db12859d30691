/// Marker for enums with associated values that code as the dialect's sum type:
/// `{"case":"name"}`, `{"case":"name","value":{labelled…}}`, or `{"case":"name","value":single}`.
/// Conforming is all it takes: the Swift-synthesized `Codable` is reshaped by
/// `CanonicalEncoder` / `CanonicalDecoder`.
///
/// ```swift
/// enum Sheet: SumType { case capture, inviteCode(prefilledCode: String?) }
/// ```
public protocol SumType: Codable {}

/// Between the synthesized enum shape (`{"name":{}}`, `{"name":{"label":…}}`, `{"name":{"_0":X}}`)
/// and the dialect's `{"case":…,"value":…}`.
enum SumTypeCoding {
    static let firstUnlabelled = "_0"

    /// Synthesized shape → dialect shape. Anything else (custom Codable) is left alone.
    static func reshape(_ synthesized: JSONValue) -> JSONValue {
        guard case .object(let o) = synthesized, o.members.count == 1 else { return synthesized }
        let name = JSONObject.Member(key: "case", value: .string(o.members[0].key))
        let payload = o.members[0].value
        var value = payload
        if case .object(let fields) = payload {
            if fields.members.isEmpty { return .object(JSONObject(sortedMembers: [name])) }
            if fields.members.count == 1 && fields.members[0].key == firstUnlabelled { value = fields.members[0].value }
        }
        return .object(JSONObject(sortedMembers: [name, JSONObject.Member(key: "value", value: value)]))
    }

    /// What the synthesized `init(from:)` is shown instead of the dialect shape.
    struct Presentation {
        var synthesized: JSONValue
        /// The payload to answer for `_0` when it is not an object holding `_0` itself.
        var wholePayload: JSONValue?
    }

    /// Dialect shape → synthesized shape; nil with a reason when the value is not a sum type.
    static func present(_ value: JSONValue) -> Result<Presentation, SumShapeError> {
        guard case .object(let o) = value else { return .failure(.notAnObject) }
        guard let caseValue = o["case"] else { return .failure(.missingCase) }
        guard case .string(let name) = caseValue else { return .failure(.caseNotAString) }
        for m in o.members where m.key != "case" && m.key != "value" { return .failure(.unexpectedKey(m.key)) }
        guard let payload = o["value"] else {
            return .success(Presentation(synthesized: single(name, .object(JSONObject())), wholePayload: nil))
        }
        if case .object(let fields) = payload {
            let holdsFirst = fields[firstUnlabelled] != nil
            return .success(Presentation(synthesized: single(name, payload), wholePayload: holdsFirst ? nil : payload))
        }
        let wrapped = JSONObject(sortedMembers: [JSONObject.Member(key: firstUnlabelled, value: payload)])
        return .success(Presentation(synthesized: single(name, .object(wrapped)), wholePayload: nil))
    }

    private static func single(_ key: String, _ value: JSONValue) -> JSONValue {
        .object(JSONObject(sortedMembers: [JSONObject.Member(key: key, value: value)]))
    }

    enum SumShapeError: Error {
        case notAnObject, missingCase, caseNotAString, unexpectedKey(String)

        var message: String {
            switch self {
            case .notAnObject: return "expected a sum type object {\"case\":…}"
            case .missingCase: return "expected a \"case\" key naming the enum case"
            case .caseNotAString: return "expected \"case\" to be a string"
            case .unexpectedKey(let k): return "unexpected key \"\(k)\" in a sum type; only \"case\" and \"value\" are allowed"
            }
        }
    }
}

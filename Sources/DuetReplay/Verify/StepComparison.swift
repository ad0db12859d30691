import Duet

/// Byte comparison of a runner's canonical answer with the recording; the JSON diff is only
/// computed when the bytes differ.
enum StepComparison {
    static func divergence(expected: [UInt8], expectedValue: @autoclosure () -> JSONValue, actual: [UInt8]) -> Divergence? {
        guard expected != actual else { return nil }
        guard let actualValue = try? CanonicalJSON.parse(actual) else {
            return Divergence(path: "", expected: String(decoding: expected, as: UTF8.self), actual: String(decoding: actual, as: UTF8.self))
        }
        return JSONValue.firstDivergence(expected: expectedValue(), actual: actualValue)
            ?? Divergence(path: "", expected: String(decoding: expected, as: UTF8.self), actual: String(decoding: actual, as: UTF8.self))
    }

    /// A `linkToNext` seam holds when the step's last `run` payload is the next action, or — since
    /// a seam maps one feature's delegate case onto the other's action case — when their `value`s are.
    static func linkDivergence(effects: JSONValue, nextAction: JSONValue) -> Divergence? {
        guard let payload = effects.arrayValue?.last(where: { $0["kind"]?.stringValue == "run" })?["payload"] else {
            return Divergence(path: "[last].payload", expected: nextAction.canonicalString, actual: nil)
        }
        if payload.canonicalBytes == nextAction.canonicalBytes { return nil }
        if payload["case"] != nil, nextAction["case"] != nil,
           (payload["value"]?.canonicalBytes ?? []) == (nextAction["value"]?.canonicalBytes ?? []) {
            return nil
        }
        return JSONValue.firstDivergence(expected: nextAction["value"] ?? nextAction, actual: payload["value"] ?? payload)
            ?? Divergence(path: "", expected: nextAction.canonicalString, actual: payload.canonicalString)
    }
}

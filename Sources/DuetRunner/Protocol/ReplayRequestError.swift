/// A runner's per-request `{"error":…}` for one of the additive ops: what the server answers and
/// the client reads back.
///
/// ```swift
/// throw ReplayRequestError(op: "restore", message: "unknown feature \"tally\"")   // {"error":"unknown feature \"tally\""}
/// ```
public struct ReplayRequestError: Error, Sendable, CustomStringConvertible {
    public var op: String
    public var message: String
    public init(op: String, message: String) { self.op = op; self.message = message }
    public var description: String { "\(op): \(message)" }
}

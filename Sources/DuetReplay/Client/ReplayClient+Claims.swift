import Duet
import DuetRunner

extension ReplayClient {
    /// The runner's verdict on the `.state` claims of step `step` of `fixture`, over the state recorded there.
    ///
    /// ```swift
    /// let outcomes = try client.claims(fixture: "timeline.stale-link", step: 2, state: recorded).get()
    /// outcomes.filter { !$0.holds }.map(\.says)
    /// ```
    public func claims(fixture: String, step: Int, state: [UInt8]) throws(RunnerFailure) -> Result<[ClaimOutcome], ReplayRequestError> {
        guard let tree = try? CanonicalJSON.parse(state) else {
            return .failure(ReplayRequestError(op: "claims", message: "the recorded state is not canonical JSON"))
        }
        let line = ReplayProtocol.request(op: "claims", [("fixture", .string(fixture)), ("step", .int(Int64(step))), ("state", tree)])
        let response = try request(line, waitingFor: "claims \(fixture)#\(step)")
        if let message = response["error"]?.stringValue { return .failure(ReplayRequestError(op: "claims", message: message)) }
        var outcomes: [ClaimOutcome] = []
        for claim in response["claims"]?.arrayValue ?? [] {
            guard let says = claim["says"]?.stringValue, let holds = claim["holds"]?.boolValue else {
                return .failure(ReplayRequestError(op: "claims", message: "malformed answer: \(excerpt(claim))"))
            }
            outcomes.append(ClaimOutcome(says: says, holds: holds))
        }
        return .success(outcomes)
    }

    private func excerpt(_ value: JSONValue) -> String { Self.excerpt(value.canonicalBytes) }
}

/// What a runner found of one `.state` claim on a recorded state.
public struct ClaimOutcome: Sendable, Equatable {
    public var says: String
    public var holds: Bool
    public init(says: String, holds: Bool) { self.says = says; self.holds = holds }
}

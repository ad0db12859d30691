import Duet
import Foundation

/// "Invite a friend": a short-lived code with a visible countdown. Time is data: the host
/// sends `tick(now:)`, the reducer only compares dates it was given.
///
/// ```swift
/// var state = InviteCode.State()
/// InviteCode.reduce(&state, .appeared(prefilledCode: nil))   // [.run(.generateCode, id: "invitecode.generate")]
/// ```
public enum InviteCode: Feature {
    public static let name = "invitecode"
    public static let initialState = State()

    public struct State: Codable, Sendable, Equatable {
        public var code = ""
        /// Set with the code; absent while none has been issued.
        public var expiresAt: Date?
        public var secondsRemaining = 0
        public var isGenerating = false
        public var isExpired = false
        public var copiedCount = 0
        public var message = ""
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable {
        case appeared(prefilledCode: String?)
        case codeIssued(code: String, expiresAt: Date, now: Date)
        case codeIssueFailed(message: String)
        case tick(now: Date)
        case copyTapped
        case shareTapped
        case regenerateTapped
        case doneTapped
    }

    public enum EffectPayload: SumType, Sendable, Equatable {
        case generateCode
        case lookUpCode(code: String)
        case startClock
        case copyToClipboard(text: String)
        case presentShareSheet(text: String)
        /// Delegate: `MainNav.inviteCode` makes it the shell's `inviteFinished`.
        case inviteFinished
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .appeared(let prefilledCode):
            guard state.code.isEmpty, !state.isGenerating else { return [] }
            state.isGenerating = true
            if let code = prefilledCode, !code.isEmpty {
                return [.run(.lookUpCode(code: code), id: "invitecode.generate")]
            }
            return [.run(.generateCode, id: "invitecode.generate")]

        case let .codeIssued(code, expiresAt, now):
            guard state.isGenerating else { return [] }
            state.isGenerating = false
            state.code = code
            state.expiresAt = expiresAt
            state.message = ""
            return countDown(&state, now: now) + (state.isExpired ? [] : [.run(.startClock, id: "invitecode.clock")])

        case .codeIssueFailed:
            guard state.isGenerating else { return [] }
            state.isGenerating = false
            state.message = "Couldn't make a code right now. Try again."
            return []

        case .tick(let now):
            guard !state.isExpired, state.expiresAt != nil else { return [] }
            return countDown(&state, now: now)

        case .copyTapped:
            guard !state.code.isEmpty, !state.isExpired else { return [] }
            state.copiedCount += 1
            state.message = "Code copied."
            return [.run(.copyToClipboard(text: state.code))]

        case .shareTapped:
            guard !state.code.isEmpty, !state.isExpired else { return [] }
            return [.run(.presentShareSheet(text: "Join me on Memory Lane with code \(state.code)"))]

        case .regenerateTapped:
            guard !state.isGenerating else { return [] }
            let copied = state.copiedCount
            state = State()
            state.copiedCount = copied
            state.isGenerating = true
            return [.cancel(id: "invitecode.clock"), .run(.generateCode, id: "invitecode.generate")]

        case .doneTapped:
            return [.cancel(id: "invitecode.clock"), .run(.inviteFinished)]
        }
    }

    private static func countDown(_ state: inout State, now: Date) -> [Effect<EffectPayload>] {
        guard let expiresAt = state.expiresAt else { return [] }
        state.secondsRemaining = max(0, Int(expiresAt.timeIntervalSince(now).rounded(.up)))
        guard state.secondsRemaining == 0 else { return [] }
        state.isExpired = true
        state.message = "This code has expired. Make a new one."
        return [.cancel(id: "invitecode.clock")]
    }
}

import Duet

/// The "I have a code" modal: normalises what is typed and hands a six-character code up.
///
/// ```swift
/// var state = EnterCode.State()
/// EnterCode.reduce(&state, .codeChanged("k7q-2px"))   // code: "K7Q2PX"
/// EnterCode.reduce(&state, .submitTapped)             // [.run(.codeEntered(code: "K7Q2PX"))]
/// ```
public enum EnterCode: Feature {
    public static let name = "entercode"
    public static let initialState = State()
    static let codeLength = 6

    public struct State: Codable, Sendable, Equatable {
        public var code = ""
        public var errorMessage = ""
        public var submitAttempts = 0
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable {
        case codeChanged(String)
        case submitTapped
        case cancelTapped
    }

    public enum EffectPayload: SumType, Sendable, Equatable {
        /// Delegate: `RootNav.enterCode` makes it the root's `codeEntered`.
        case codeEntered(code: String)
        /// Delegate: `RootNav.enterCode` makes it the root's `enterCodeDismissed`.
        case enterCodeDismissed
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .codeChanged(let typed):
            let kept = typed.uppercased().unicodeScalars.filter { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
            state.code = String(String.UnicodeScalarView(kept.prefix(codeLength)))
            state.errorMessage = ""
            return []

        case .submitTapped:
            state.submitAttempts += 1
            guard state.code.count == codeLength else {
                state.errorMessage = state.code.isEmpty
                    ? "Enter the code your friend sent you."
                    : "Codes have \(codeLength) letters and numbers."
                return []
            }
            return [.run(.codeEntered(code: state.code))]

        case .cancelTapped:
            return [.run(.enterCodeDismissed)]
        }
    }
}

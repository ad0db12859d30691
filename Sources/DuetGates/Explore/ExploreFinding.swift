import Duet
import DuetCorpus
import Foundation

/// Something a walk showed: platforms that disagree, a refusal or crash on a well-formed action,
/// or a restore rule broken at an explored state. Found first on a walk, then shrunk.
struct ExploreFinding: Sendable {
    enum Kind: Sendable, Equatable {
        case state, effects, refused, crash
        case restore(DrillFinding.Rule)
        /// The platforms rebuild different full states from the same spine.
        case restoreState

        var isRestore: Bool {
            switch self {
            case .restore, .restoreState: true
            default: false
            }
        }

        var name: String {
            switch self {
            case .state: "state"
            case .effects: "effects"
            case .refused: "refused"
            case .crash: "crash"
            case .restore(let rule): rule.rawValue
            case .restoreState: "restore"
            }
        }
    }

    var feature: String
    var kind: Kind
    /// The recorded state the actions start from.
    var start: ExploreStart
    /// Up to and including the step where it shows (a restore finding: the state that was restored).
    var actions: [ActionDraft]
    var path: String?
    var message: String
    /// Which platforms stand apart (refused, crashed, or restored wrong), for the signature.
    var platforms: [String]

    /// What walks that found "the same thing" share: feature, kind, the last action's case (not
    /// for restore rules), the platforms apart and the path with its indices dropped.
    var signature: String {
        let path = (self.path ?? "").replacingOccurrences(of: #"\[[0-9]+\]"#, with: "[]", options: .regularExpression)
        // A restore finding is about the state, not the action that led to it.
        let lastCase = kind.isRestore ? "" : actions.last?.actionCase ?? ""
        return [feature, kind.name, lastCase, platforms.joined(separator: ","), path].joined(separator: "|")
    }
}

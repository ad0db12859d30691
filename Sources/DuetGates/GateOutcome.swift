/// What every gate's outcome says about itself, so one mapping turns any of them into an exit
/// code (the CLI's) and none of them needs to know the terminal.
///
/// ```swift
/// let outcome = try VerifyWorkflow(corpus: corpus, runners: commands).run()
/// if outcome.environmentFailed { … }        // a runner is missing or kept failing
/// else if outcome.badInput { … }            // the selection named nothing to judge
/// else if outcome.holds { … }               // something was judged, and nothing was found
/// ```
///
/// A gate that judged nothing does not hold: `holds` is false, and the outcome says why.
public protocol GateOutcome {
    /// Something was judged and nothing was found.
    var holds: Bool { get }
    /// The environment stopped the work (no runner, a runner that kept failing).
    var environmentFailed: Bool { get }
    /// The input cannot be judged: a filter named nothing, a file could not be read.
    var badInput: Bool { get }
}

import DuetGates

extension ExitStatus {
    /// The exit code of a gate's outcome: 3 the environment stopped it, 2 bad input, 1 findings
    /// (or nothing judged), 0 holds.
    init(_ outcome: some GateOutcome) {
        if outcome.environmentFailed {
            self = .environment
        } else if outcome.badInput {
            self = .usage
        } else {
            self = outcome.holds ? .holds : .findings
        }
    }
}

/// The exit codes of every verb (DESIGN §7).
public enum ExitStatus: Int32, Sendable {
    /// The check holds.
    case holds = 0
    /// A check found something: a divergence, a lint finding, an unruled candidate.
    case findings = 1
    /// Bad usage or bad input.
    case usage = 2
    /// The environment stops the work: runner missing, database locked.
    case environment = 3
}

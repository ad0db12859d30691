import Duet
import DuetScenarios

/// Why a `TestStore` step failed: where, what, and what to do. The store reports it at the step's
/// place (`TestStoreReporting`); a test that checks a failure on purpose collects them with
/// `TestStore(…, report:)`.
public struct TestStoreFailure: Error, Sendable, CustomStringConvertible {
    public enum Rule: String, Sendable {
        /// The state after a step differs from the asserted one.
        case stateMismatch
        /// `receive` named a different action than the one that arrived.
        case actionMismatch
        /// `expectEffects` named different effects than the step emitted.
        case effectsMismatch
        /// A step emitted effects that were never asserted with `expectEffects`.
        case unassertedEffects
        /// An effect delivered an action that was never `receive`d.
        case unreceivedActions
        /// `receive` with nothing delivered.
        case nothingReceived
        /// Effects still running at `finish()`.
        case effectsInFlight
        /// A value the canonical dialect refuses, an update closure that threw, or a store that was torn down.
        case unusable
        /// The store went away without `finish()` while effects ran or actions waited.
        case unfinished
        /// Not a failure: what a `.partial` store let pass, reported at `finish()`.
        case skipped
    }

    public var rule: Rule
    public var message: String
    /// For `stateMismatch`: the first divergent JSON path and both canonical fragments.
    public var divergence: Divergence?
    /// The step the test wrote.
    public var place: TestPlace

    public init(_ rule: Rule, _ message: String, divergence: Divergence? = nil, at place: TestPlace) {
        self.rule = rule; self.message = message; self.divergence = divergence; self.place = place
    }

    public var file: String { place.file }
    public var line: Int { Int(place.line) }

    public var description: String { "\(ScenarioSource.relativePath(file)):\(line): \(message)" }
}

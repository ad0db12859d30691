import Duet
import Foundation
#if canImport(XCTest)
import XCTest
#endif

/// Why a `TestStore` step failed: where, what, and what to do. Tests use
/// `try store.send(…)`; negative tests `XCTAssertThrowsError`.
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
        /// A value the canonical dialect refuses, or a store that was torn down.
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
    public var file: String
    public var line: Int

    public init(_ rule: Rule, _ message: String, divergence: Divergence? = nil, file: String, line: Int) {
        self.rule = rule; self.message = message; self.divergence = divergence; self.file = file; self.line = line
    }

    public var description: String { "\(ScenarioSource.relativePath(file)):\(line): \(message)" }
}

/// Where a `TestStore` sends what it cannot throw.
public enum TestStoreReporting {
    /// Fails the running XCTest with the message at its place (a `.skipped` list is only printed).
    public static let `default`: @Sendable (TestStoreFailure) -> Void = { failure in
        #if canImport(XCTest)
        if failure.rule != .skipped {
            XCTFail(failure.description)
            return
        }
        #endif
        FileHandle.standardError.write(Data((failure.description + "\n").utf8))
    }
}

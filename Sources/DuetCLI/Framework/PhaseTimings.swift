import Foundation

/// Where one invocation's time goes, printed on stderr when `DUET_TIMINGS` is set: opening the
/// corpus, the tree sync, the verb's question, rendering — measured from the entry point, so a
/// whole-process time minus `in main` is the start-up (loading the binary and its libraries).
///
/// ```swift
/// let corpus = try context.timings.measure(.open) { try location.open() }
/// // DUET_TIMINGS=1 duet census → "duet timings: open 1.2 ms, sync 0.4 ms, question 0.9 ms, render 0.2 ms; in main 2.9 ms"
/// ```
public final class PhaseTimings {
    public enum Phase: String, CaseIterable, Sendable { case open, sync, question, render }

    private let started = DispatchTime.now().uptimeNanoseconds
    private var spent: [Phase: UInt64] = [:]
    let enabled: Bool

    init(enabled: Bool) { self.enabled = enabled }

    /// Runs `body`, adding its time to `phase`.
    public func measure<T>(_ phase: Phase, _ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { spent[phase, default: 0] += DispatchTime.now().uptimeNanoseconds - start }
        return try body()
    }

    /// The line printed at the end; the question is what the verb spent outside the other phases.
    func line() -> String {
        let total = DispatchTime.now().uptimeNanoseconds - started
        var times = spent
        times[.question] = total - Phase.allCases.filter { $0 != .question }.reduce(0) { $0 + (spent[$1] ?? 0) }
        func ms(_ nanoseconds: UInt64) -> String { String(format: "%.2f ms", Double(nanoseconds) / 1e6) }
        return "duet timings: " + Phase.allCases.map { "\($0.rawValue) \(ms(times[$0] ?? 0))" }.joined(separator: ", ") + "; in main \(ms(total))"
    }
}

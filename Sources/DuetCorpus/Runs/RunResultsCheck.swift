import DuetFixtures
import Duet

/// What a result file's values must be before any of it is stored — what the corpus's columns
/// allow (`passed` or `failed`, counts and steps not negative) and names the name rule allows —
/// each refused at its line and column as bad input, never as a constraint error of the corpus.
enum RunResultsCheck {
    static let statuses: Set<String> = ["passed", "failed"]

    static func check(_ file: RunResultsFile, bytes: [UInt8], path: String, fix: String) throws {
        func refuse(_ at: String, _ message: String) -> InputError {
            PlacedDecoding.error(at: at, in: bytes, file: path, message: message, fix: fix)
        }
        for (index, run) in file.runs.enumerated() {
            let at = "runs[\(index)]"
            do { try NameRule.check(run.platform, as: .runner) } catch {
                throw refuse("\(at).platform", "the platform name \"\(error.escapedName)\" \(error.reason)")
            }
            if let hidden = run.runner.unicodeScalars.first(where: NameRule.isHidden) {
                throw refuse("\(at).runner", "the runner \"\(NameRule.escaped(run.runner))\" holds U+\(String(hidden.value, radix: 16, uppercase: true)), which a terminal would not show as it is")
            }
            if !statuses.contains(run.status) { throw refuse("\(at).status", "status \"\(NameRule.escaped(run.status))\" is not passed or failed") }
            if run.durationMs < 0 { throw refuse("\(at).durationMs", "durationMs is \(run.durationMs); a duration is not negative") }
            for (number, result) in run.results.enumerated() {
                let place = "\(at).results[\(number)]"
                if result.fixture.isEmpty { throw refuse("\(place).fixture", "a result names no fixture") }
                if !statuses.contains(result.status) {
                    throw refuse("\(place).status", "status \"\(NameRule.escaped(result.status))\" of \(NameRule.escaped(result.fixture)) is not passed or failed")
                }
                if result.stepsRun < 0 { throw refuse("\(place).stepsRun", "stepsRun of \(NameRule.escaped(result.fixture)) is \(result.stepsRun); it counts steps, so it is not negative") }
                if let step = result.failure?.step, step < 0 {
                    throw refuse("\(place).failure.step", "the failing step of \(NameRule.escaped(result.fixture)) is \(step); steps count from 0")
                }
            }
        }
    }
}

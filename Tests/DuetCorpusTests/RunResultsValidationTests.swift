import XCTest
import Duet
@testable import DuetCorpus

/// A result file is checked with its place before anything is stored: statuses the corpus knows,
/// counts that are not negative, platform names the name rule allows — bad input at its line, never
/// a constraint error of the corpus.
final class RunResultsValidationTests: XCTestCase {
    private func file(status: String = "passed", resultStatus: String = "passed", stepsRun: Int = 1, step: Int? = nil,
                      platform: String = "swift", durationMs: Int = 5) -> String {
        let failure = step.map { #","failure":{"kind":"state","step":\#($0)}"# } ?? ""
        return """
        {
          "corpus": {"fixtures": 1, "hash": "00", "steps": 1},
          "duet": "0.1.0",
          "format": "duet-run-results",
          "formatVersion": 1,
          "host": "linux",
          "runs": [
            {
              "durationMs": \(durationMs),
              "platform": "\(platform)",
              "results": [
                {"fixture": "nav", "hash": "00", "status": "\(resultStatus)", "stepsRun": \(stepsRun)\(failure)}
              ],
              "runner": "runner",
              "startedAt": "2026-12-01T10:00:00.000Z",
              "status": "\(status)"
            }
          ],
          "scope": "full",
          "toolchain": "swift"
        }
        """
    }

    private func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> InputError? {
        do {
            _ = try RunResultsFile.decode(Array(text.utf8), file: "results.json")
            XCTFail("accepted", file: file, line: line)
            return nil
        } catch let error as InputError {
            return error
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    func testAStatusTheCorpusDoesNotKnowIsRefusedAtItsLine() throws {
        let error = refusal(file(resultStatus: "exploded"))
        XCTAssertEqual(error?.line, 12, "\(String(describing: error))")
        XCTAssertTrue(error?.message.contains("\"exploded\"") == true && error?.message.contains("passed or failed") == true, "\(String(describing: error))")
        XCTAssertEqual(refusal(file(status: "exploded"))?.line, 16)
    }

    func testNegativeCountsAreRefused() throws {
        XCTAssertTrue(refusal(file(stepsRun: -5))?.message.contains("stepsRun") == true)
        XCTAssertTrue(refusal(file(resultStatus: "failed", step: -1))?.message.contains("step") == true)
        XCTAssertTrue(refusal(file(durationMs: -3))?.message.contains("durationMs") == true)
    }

    func testAPlatformNameWithABidiOverrideIsRefusedEscaped() throws {
        let error = refusal(file(platform: "sw\u{202E}ift"))
        XCTAssertTrue(error?.message.contains(#"sw\u{202E}ift"#) == true, "\(String(describing: error))")
        XCTAssertFalse(error?.description.unicodeScalars.contains("\u{202E}") ?? true)
    }

    func testAWellFormedFileDecodes() throws {
        XCTAssertEqual(try RunResultsFile.decode(Array(file().utf8), file: "results.json").runs.first?.results.first?.stepsRun, 1)
    }
}

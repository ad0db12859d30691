import Duet
import DuetReplay
import DuetScenarios
import Foundation
import XCTest
import DuetFixtures

/// Locates the `duet-sample-runner` built next to the test bundle and builds runner commands.
enum SampleRunner {
    /// The test target depends on the runner target, so it is built next to the test binary.
    static var executable: String? {
        let bundle = Bundle(for: BundleToken.self).bundleURL
        let candidates = [bundle, bundle.deletingLastPathComponent(),
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        return candidates.map { $0.appendingPathComponent("duet-sample-runner").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String { "duet-sample-runner is not built next to the tests — run `swift build --product duet-sample-runner`" }
    }

    static func command(_ flags: String...) throws -> String {
        guard let executable else { throw Missing() }
        return ([shellQuoted(executable)] + flags).joined(separator: " ")
    }

    static func shellQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }

    /// Records every sample scenario through a fresh runner.
    static func record(_ flags: String...) throws -> Recording {
        let session = ReplaySession(command: ([try command()] + flags).joined(separator: " "), timeout: 10)
        defer { session.close() }
        let scenarios = try session.client().scenarios().get()
        return ScenarioRecorder(session: session).record(scenarios)
    }

    static func verify(_ fixtures: [Fixture], _ flags: String..., timeout: Double = 10, window: Int = 64) throws -> VerifyRun {
        let session = ReplaySession(command: ([try command()] + flags).joined(separator: " "), timeout: timeout)
        defer { session.close() }
        return FixtureReplayer(session: session, platform: "swift", window: window).verify(fixtures)
    }
}

private final class BundleToken {}

func json(_ text: String) -> JSONValue { try! CanonicalJSON.parse(text) }

import Duet
import DuetReplay
import DuetTesting
import Foundation
import XCTest

/// Locates the `duet-sample-runner` built next to the test bundle and builds runner commands.
enum SampleRunner {
    static var executable: String {
        let directory = Bundle(for: BundleToken.self).bundleURL.deletingLastPathComponent()
        return directory.appendingPathComponent("duet-sample-runner").path
    }

    static func command(_ flags: String...) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw XCTSkip("duet-sample-runner is not built at \(executable) — run `swift build --product duet-sample-runner`")
        }
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

import Foundation
import Duet
import DuetCorpus
import DuetReplay

/// Who answered for a platform: the runner's build and its `describe` answer, asked once per run.
///
/// ```swift
/// let session = ReplaySession(command: command, timeout: 10)
/// let identity = RunnerIdentity.probe(session, platform: "swift", corpus: corpus)
/// identity.inputs.build        // nil: unidentified, so nothing it judged is reused
/// ```
public struct RunnerIdentity: Sendable, Equatable {
    public var build: RunnerBuild
    /// The hash of its `describe` answer; nil when it gave none.
    public var describe: String?
    /// The answer itself, when it gave one.
    public var structures: [FeatureStructure]?

    /// How results keep it.
    public var inputs: ResultInputs.Runner { ResultInputs.Runner(build: build.stored, describe: describe) }

    /// A runner that did not start: nothing is known of it.
    static func notStarted(_ failure: RunnerFailure?) -> RunnerIdentity {
        RunnerIdentity(build: .unidentified("it did not start: \(failure.map { "\($0)" } ?? "no answer")"), describe: nil, structures: nil)
    }

    /// Starts the session's runner (it stays up for the run) and asks who it is: the handshake's
    /// build (or the client's hash of the executable), and `describe` — unless this build, started
    /// by this command, answered it before (`runner_builds`), which is then read back. A runner that fails here is reported by
    /// the run that follows, as any runner failure is.
    static func probe(_ session: ReplaySession, platform: String, corpus: Corpus) -> RunnerIdentity {
        let client: ReplayClient
        do { client = try session.client() } catch { return .notStarted(error) }
        let build = client.runnerBuild
        if let stored = build.stored, let known = try? corpus.runnerBuild(stored, command: session.command) {
            return RunnerIdentity(build: build, describe: known.describeHash, structures: known.structures)
        }
        do {
            switch try client.describe() {
            case .success(let structures):
                let hash = try build.stored.map {
                    try corpus.storeRunnerBuild($0, command: session.command, platform: platform, describe: structures, seenAt: RestoreDrill.timestamp(Date()))
                }
                    ?? ResultInputs.describeHash(structures)
                return RunnerIdentity(build: build, describe: hash, structures: structures)
            case .failure:
                return RunnerIdentity(build: build, describe: nil, structures: nil)
            }
        } catch let failure as RunnerFailure {
            session.runnerFailed(failure)
            return .notStarted(failure)
        } catch {
            return RunnerIdentity(build: build, describe: nil, structures: nil)
        }
    }

}

/// How much of a run was replayed, and how much stood from before.
public struct ReuseSummary: Sendable, Equatable {
    /// The run as stored.
    public var run: Int64?
    public var replayed: Int
    /// Fixtures that passed before with the same behaviour and runner, and were not replayed.
    public var reused: Int
    /// The latest run those were replayed in.
    public var since: Int64?
    public var identity: RunnerIdentity

    /// `3 replayed, 172 unchanged since run 11`.
    public var summary: String {
        "\(replayed) replayed" + (reused > 0 ? ", \(reused) unchanged since run \(since.map(String.init) ?? "?")" : "")
    }
}

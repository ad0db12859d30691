import Duet
import DuetCorpus
@testable import DuetCLI
import Foundation
import XCTest

/// Locates the `duet-drill-runner` built next to the test bundle, and runs `duet` in process.
enum DrillRunner {
    static var executable: String? {
        let bundle = Bundle(for: BundleToken.self).bundleURL
        let candidates = [bundle, bundle.deletingLastPathComponent(),
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        return candidates.map { $0.appendingPathComponent("duet-drill-runner").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String { "duet-drill-runner is not built next to the tests — run `swift build --product duet-drill-runner`" }
    }

    static func command(_ flags: String...) throws -> String {
        guard let executable else { throw Missing() }
        return (["'" + executable + "'"] + flags).joined(separator: " ")
    }
}

private final class BundleToken {}

/// The package root, found from this file's own path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

struct Invocation {
    var status: ExitStatus
    var out: String
    var err: String
    var json: JSONValue? { try? CanonicalJSON.parse(out.trimmingCharacters(in: .whitespacesAndNewlines)) }
    var findings: [JSONValue] { json?["findings"]?.arrayValue ?? [] }
}

/// A temporary folder holding a corpus, and `duet` run against it.
final class DrillSandbox {
    let directory: URL
    var corpusPath: String { directory.appendingPathComponent("corpus.db").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("duet-drill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: directory) }

    /// `duet --corpus … ARGS` from `workingDirectory` (the sandbox unless given).
    func duet(_ arguments: String..., in workingDirectory: URL? = nil) -> Invocation { duet(arguments, in: workingDirectory) }

    func duet(_ arguments: [String], in workingDirectory: URL? = nil) -> Invocation {
        let out = OutputSink(capturing: ()), err = OutputSink(capturing: ())
        let status = DuetCommandLine.run(["--corpus", corpusPath] + arguments, environment: [:],
                                         workingDirectory: (workingDirectory ?? directory).path, stdout: out, stderr: err)
        return Invocation(status: status, out: String(decoding: out.captured, as: UTF8.self), err: String(decoding: err.captured, as: UTF8.self))
    }

    /// The corpus recorded from the drill samples (lens, vault).
    static func samples() throws -> DrillSandbox {
        let sandbox = try DrillSandbox()
        let record = sandbox.duet("record", "--write", "--runner", try DrillRunner.command())
        XCTAssertEqual(record.status, .holds, record.err + record.out)
        return sandbox
    }

    /// The corpus built from the committed seed (Memory Lane).
    static func seed() throws -> DrillSandbox {
        let sandbox = try DrillSandbox()
        let load = sandbox.duet("corpus", "load", packageRoot.appendingPathComponent("corpus.db.seed").path)
        XCTAssertEqual(load.status, .holds, load.err)
        return sandbox
    }

    func corpus() throws -> Corpus { try Corpus.open(at: corpusPath) }
}

extension JSONValue {
    var text: String? { stringValue }
}

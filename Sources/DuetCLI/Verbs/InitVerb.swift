import Foundation
import DuetCorpus

/// `duet init [--runner-target NAME]`
struct InitVerb: Verb {
    static let name = "init"
    static let summary = "Make this folder a Duet tree: parity/manifest.yaml, parity/fixtures/, .gitignore lines, a runner stub."
    static let discussion = """
    Writes parity/manifest.yaml (a commented skeleton naming the runner), parity/fixtures/, the
    .gitignore lines for corpus.db*, and Sources/NAME/main.swift, a replay runner to add to your
    Package.swift. Refuses, writing nothing, when any of it already exists.

    Then: register your features and scenarios in the runner, `duet record`, review with
    `duet pending`, commit parity/.

    Example:
      mkdir counter-app && cd counter-app && swift package init && duet init
    """
    static let options: [OptionSpec] = [
        .value("--runner-target", placeholder: "NAME", help: "The runner executable target (default duet-runner)."),
    ]

    let runnerTarget: String

    init(arguments: ParsedArguments) throws(UsageError) {
        runnerTarget = arguments.value("--runner-target") ?? "duet-runner"
        guard !runnerTarget.isEmpty, runnerTarget.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw UsageError("--runner-target takes a target name (letters, digits, '-', '_'), not '\(runnerTarget)'")
        }
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let outcome = try TreeScaffold(root: context.workingDirectory, runnerTarget: runnerTarget).write()
        for path in outcome.written { context.write("wrote \(path)\n") }
        if !outcome.ignoredLinesAdded.isEmpty { context.write("added to .gitignore: \(outcome.ignoredLinesAdded.joined(separator: " "))\n") }
        context.write("""

        next: add to Package.swift (the comment in Sources/\(runnerTarget)/main.swift says the same)
            dependencies: [.package(path: "../duet")],   // or .package(url: "https://…/duet.git", branch: "main")
            .executableTarget(name: "\(runnerTarget)", dependencies: [
                "YourFeatures", .product(name: "DuetRunner", package: "duet"), .product(name: "DuetScenarios", package: "duet")]),
        `package:` is the dependency's identity, which SwiftPM takes from the last part of its path or URL
        (a path dependency on ../duet-main is package: "duet-main"), not from the name in Duet's Package.swift.
        Then register your features and scenarios, `duet record`, `duet review` (or `duet pending`), and commit parity/.

        """)
        return .holds
    }
}

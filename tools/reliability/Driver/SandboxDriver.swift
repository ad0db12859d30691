import Foundation

/// `duet mutate` against links: the repository links `src/link -> outside/` and a plan row goes
/// through it; before each round a link is planted in the workspace itself (over a file, over a
/// folder, over the workspace's own list) and the drill is killed at a random point, often with a
/// mutant in place. After every round the folder outside must be byte for byte as it was, and the
/// working tree untouched.
struct SandboxDriver {
    let tools: Workspace
    let quick: Bool

    /// Links planted in the workspace before a round, in turn: where, and what they name.
    static let plants: [(path: String, target: String)] = [
        ("src/runner.sh", "t.sh"), ("src", ""), (".duet-mutate-files", "secret"), ("", ""),
    ]

    func run() throws -> Report {
        let work = try tools.folder("sandbox")
        let repository = work.appendingPathComponent("repo"), outside = work.appendingPathComponent("outside")
        let workspace = repository.appendingPathComponent(".build/duet-mutate")
        let runner = tools.bin.appendingPathComponent("duet-sample-runner").path
        guard FileManager.default.isExecutableFile(atPath: runner) else { throw DriverFailure("\(runner) is not built — run `swift build` first") }
        let script = "#!/bin/sh\nflags=\"\"\nexec '\(runner)' $flags\n"
        try write(script, to: repository.appendingPathComponent("src/runner.sh"))
        try write("runners:\n  swift: sh src/runner.sh\n", to: repository.appendingPathComponent("parity/manifest.yaml"))
        try placeOutside(outside)
        try FileManager.default.createSymbolicLink(atPath: repository.appendingPathComponent("src/link").path, withDestinationPath: outside.path)
        try write(#"""
            {"platforms": {"swift": {"sources": ["src"], "build": "sh -n src/runner.sh && if grep -q -- --mutate src/runner.sh; then sleep 1; fi"}},
             "mutations": [
               {"name": "through-the-link", "file": "src/link/t.sh", "old": "outside", "new": "mutated"},
               {"name": "the-reducer", "file": "src/runner.sh", "old": "flags=\"\"", "new": "flags=\"--mutate\""}]}
            """#, to: repository.appendingPathComponent("parity/mutations.json"))
        let corpus = ["--corpus", repository.appendingPathComponent("corpus.db").path]
        try tools.duet(corpus + ["record", "--runner", "sh '\(repository.appendingPathComponent("src/runner.sh").path)'"], in: repository)
            .expect(0, "recording the sample app")
        let outsideBefore = try snapshot(outside), treeBefore = try snapshot(repository.appendingPathComponent("src"))

        var report = Report(name: "mutate's sandbox")
        let unkilled = try tools.duet(corpus + ["mutate", "--format", "json"], in: repository)
        if unkilled.status != 1 || !unkilled.stdout.contains("\"stale\"") || !unkilled.stdout.contains("\"caught\"") {
            report.violations.append("an unkilled drill should find the row through the link stale and catch the other (exit 1): exit \(unkilled.status) \(unkilled.stderr.prefix(200))")
        }
        let span = unkilled.seconds * 1.1
        let kills = quick ? 6 : 40
        var planted = 0, finishedFirst = 0, escapes = 0
        for round in 0..<kills {
            let plant = Self.plants[round % Self.plants.count]
            if !plant.path.isEmpty {
                let at = workspace.appendingPathComponent(plant.path)
                try? FileManager.default.removeItem(at: at)
                try FileManager.default.createDirectory(at: at.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(atPath: at.path, withDestinationPath: plant.target.isEmpty ? outside.path : outside.appendingPathComponent(plant.target).path)
                planted += 1
            }
            let outcome = try ProcessOutcome.kill([tools.duet] + corpus + ["mutate"], in: repository, after: Double.random(in: 0...span))
            if outcome.finishedFirst { finishedFirst += 1 }
            if try snapshot(outside) != outsideBefore {
                escapes += 1
                report.violations.append("round \(round + 1) (link at \(plant.path.isEmpty ? "none" : plant.path)): the folder outside changed")
                try placeOutside(outside)
            }
            if try snapshot(repository.appendingPathComponent("src")) != treeBefore { report.violations.append("round \(round + 1): the working tree changed"); break }
        }
        report.figures = [
            "\(kills) kills at random points of \(duration(span)) (\(finishedFirst) ended first), a link planted in the workspace before \(planted) of them "
                + "(over a file, over the src folder, over the workspace's list), a plan row through src/link -> outside",
            "rounds that wrote outside the workspace: \(escapes) of \(kills) (the outside folder compared byte for byte after every kill)",
        ]
        return report
    }

    /// The folder outside the repository, as every round must leave it.
    private func placeOutside(_ outside: URL) throws {
        try? FileManager.default.removeItem(at: outside)
        try write("echo outside\n", to: outside.appendingPathComponent("t.sh"))
        try write("not yours\n", to: outside.appendingPathComponent("secret"))
    }

    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Every entry below `folder` (not following links) with its bytes, or the link's target.
    private func snapshot(_ folder: URL) throws -> [String: Data] {
        var entries: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return entries }
        while let relative = walker.nextObject() as? String {
            let path = folder.appendingPathComponent(relative).path
            switch walker.fileAttributes?[.type] as? FileAttributeType {
            case .typeSymbolicLink?: entries[relative] = Data((try FileManager.default.destinationOfSymbolicLink(atPath: path)).utf8)
            case .typeRegular?: entries[relative] = FileManager.default.contents(atPath: path) ?? Data()
            default: entries[relative] = Data()
            }
        }
        return entries
    }
}

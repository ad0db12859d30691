/// What built the report and the runners it judged: the page's header.
public struct MilestoneBuild: Sendable, Codable, Equatable {
    /// The tree's git commit when the report was built; nil outside a git checkout.
    public var commit: String?
    /// Tracked files differed from that commit.
    public var modified: Bool?
    /// The `duet` that built the report, and the Swift compiler that built it.
    public var duet: String
    public var toolchain: String
    /// The runners of the gates the report reads, by platform.
    public var runners: [MilestoneRunner]

    public init(commit: String?, modified: Bool?, duet: String, toolchain: String, runners: [MilestoneRunner] = []) {
        self.commit = commit; self.modified = modified; self.duet = duet; self.toolchain = toolchain; self.runners = runners
    }
}

/// A runner a milestone's gates ran: its platform, command and build.
public struct MilestoneRunner: Sendable, Codable, Equatable {
    public var platform: String
    /// The runner command as configured (no machine path: the `cd` into the repository is left out).
    public var command: String
    /// The runner's build as its latest full run stored it (the handshake's build, `exe:HASH`); nil: unidentified.
    public var build: String?
}

extension Corpus {
    /// The pictures and the detail a milestone page shows, from the report's own results: the
    /// navigation map (and what changed in it since `previous`), every failure in detail, the header.
    func addPictures(to report: inout MilestoneReport, previous: MilestoneReport?, build: MilestoneBuild?) throws {
        let map = try navigationMap()
        report.navigation = map
        if let old = previous?.navigation { report.difference?.navigation = NavigationMapDifference(from: old, to: map) }
        let failures = try milestoneFailures(verify: report.verify, drill: report.drill ?? [])
        report.failures = failures.failures.isEmpty && failures.omitted.isEmpty ? nil : failures
        if var build {
            build.runners = try runnerBuilds(platforms: Set(report.verify.map(\.platform) + (report.drill ?? []).map(\.platform)).sorted())
            report.build = build
        }
    }

    /// The runner of each platform's latest full run (verify, else drill).
    func runnerBuilds(platforms: [String]) throws -> [MilestoneRunner] {
        try platforms.compactMap { platform in
            let command = try database.rows("""
                SELECT runner, runner_build FROM (
                    SELECT runner, runner_build, started_at FROM runs WHERE platform = ?1 AND scope = 'full'
                    UNION ALL SELECT runner, runner_build, started_at FROM drill_runs WHERE platform = ?1 AND scope = 'full')
                ORDER BY started_at DESC LIMIT 1
                """, [.text(platform)]).first
            return command.flatMap { row in
                row[0].text.map { MilestoneRunner(platform: platform, command: Self.portableCommand($0), build: row[1].text) }
            }
        }
    }

    /// The command without machine paths: `cd '/repo' && swift run -q memorylane-runner` →
    /// `swift run -q memorylane-runner`; a path inside the repository made relative to it, any
    /// other absolute path shortened to `…/` and its last component.
    static func portableCommand(_ command: String) -> String {
        var root: String?, rest = Substring(command)
        if command.hasPrefix("cd '"), let end = command.range(of: "' && ") {
            root = String(command[command.index(command.startIndex, offsetBy: 4)..<end.lowerBound])
            rest = command[end.upperBound...]
        }
        return rest.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            guard word.hasPrefix("/") else { return String(word) }
            if let root, word.hasPrefix(root + "/") { return String(word.dropFirst(root.count + 1)) }
            return "…/" + (word.split(separator: "/").last.map(String.init) ?? "")
        }.joined(separator: " ")
    }
}

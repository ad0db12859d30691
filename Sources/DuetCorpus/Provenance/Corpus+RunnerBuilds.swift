import Duet

/// What one runner build, started by one command, answered to `describe` (table `runner_builds`).
public struct StoredRunnerBuild: Sendable, Equatable {
    public var build: String
    public var command: String
    public var platform: String
    public var describeHash: String
    public var structures: [FeatureStructure]
    public var seenAt: String
}

extension Corpus {
    /// Keeps `structures`, the `describe` answer of build `build` of `platform`'s runner started by
    /// `command`, and returns its hash. An identity is asked once: later sessions of it read the
    /// answer from here. The eight identities seen last per platform are kept.
    ///
    /// ```swift
    /// let hash = try corpus.storeRunnerBuild("9b1f…", command: "./runner", platform: "swift", describe: structures, seenAt: now)
    /// try corpus.runnerBuild("9b1f…", command: "./runner")?.describeHash == hash
    /// ```
    @discardableResult
    public func storeRunnerBuild(_ build: String, command: String, platform: String, describe structures: [FeatureStructure],
                                 seenAt: String) throws -> String {
        let bytes = try CanonicalEncoder().encode(structures).canonicalBytes
        let hash = ContentHash(of: bytes).hex
        try write(touchesTree: false) {
            try database.execute("""
                INSERT INTO runner_builds (build, command, platform, describe_hash, describe, seen_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (build, command) DO UPDATE SET platform = excluded.platform, describe_hash = excluded.describe_hash,
                                                           describe = excluded.describe, seen_at = excluded.seen_at
                """, [.text(build), .text(command), .text(platform), .text(hash), .blob(bytes), .text(seenAt)])
            try database.execute("""
                DELETE FROM runner_builds WHERE platform = ?1 AND (build, command) NOT IN
                    (SELECT build, command FROM runner_builds WHERE platform = ?1 ORDER BY seen_at DESC, build, command LIMIT 8)
                """, [.text(platform)])
        }
        return hash
    }

    /// What build `build`, started by `command`, answered to `describe`, when it was asked before.
    public func runnerBuild(_ build: String, command: String) throws -> StoredRunnerBuild? {
        guard let row = try database.rows("SELECT platform, describe_hash, describe, seen_at FROM runner_builds WHERE build = ? AND command = ?",
                                          [.text(build), .text(command)]).first, let bytes = row[2].blob else { return nil }
        return StoredRunnerBuild(build: build, command: command, platform: row[0].text ?? "", describeHash: row[1].text ?? "",
                                 structures: try CanonicalDecoder().decode([FeatureStructure].self, from: bytes),
                                 seenAt: row[3].text ?? "")
    }
}

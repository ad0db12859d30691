import Duet

/// A result file as read from disk.
public struct LoadedRunResults: Sendable {
    public var path: String
    public var file: RunResultsFile
    public init(path: String, file: RunResultsFile) { self.path = path; self.file = file }

    /// `ci/results-2.json (shard 2/3)`.
    var label: String { path + (file.shardSpec.map { " (shard \($0))" } ?? " (unsharded)") }
}

/// Result files that do not merge into full runs, and every reason why.
public struct RunImportRefusal: Error, Sendable, CustomStringConvertible {
    public var problems: [String]
    public var description: String {
        "the result files do not merge into a full run; nothing was stored:\n" + problems.map { "  " + $0 }.joined(separator: "\n")
    }
}

/// One platform's full run merged from the result files of its shards.
public struct MergedRun: Sendable, Equatable {
    public var run: StoredRun
    /// The files it came from, `path (shard K/N)`, in the order given.
    public var sources: [String]
}

/// Merges the result files of a sharded verify into one full run per platform. Refused, naming
/// the files: a file that ran against other fixtures than this tree's (corpus hash), a run
/// narrowed by a filter, shards that overlap, and a cover that misses fixtures.
///
/// ```swift
/// let merged = try RunResultsMerge.merge(files, local: try corpus.fixtureFingerprints())
/// merged.first?.run.scope     // .full
/// ```
public enum RunResultsMerge {
    public static func merge(_ files: [LoadedRunResults], local: [FixtureFingerprint]) throws(RunImportRefusal) -> [MergedRun] {
        guard !files.isEmpty else { throw RunImportRefusal(problems: ["no result file given"]) }
        let localHash = CorpusContentHash(local)
        var problems: [String] = []
        for loaded in files {
            problems += scopeProblems(loaded) + corpusProblems(loaded, local: local, localHash: localHash)
        }
        var byPlatform: [String: [(source: LoadedRunResults, run: RunResultsFile.Run)]] = [:]
        for loaded in files {
            var seen = Set<String>()
            for run in loaded.file.runs {
                if !seen.insert(run.platform).inserted {
                    problems.append("\(loaded.path): holds two \(run.platform) runs — one file holds one run per platform")
                }
                byPlatform[run.platform, default: []].append((loaded, run))
            }
        }
        if byPlatform.isEmpty { problems.append("the files hold no run at all (each shard replayed no fixture)") }
        let names = local.map(\.name)
        for platform in byPlatform.keys.sorted() {
            problems += coverProblems(platform: platform, parts: byPlatform[platform]!, names: names, files: files, local: local)
        }
        guard problems.isEmpty else { throw RunImportRefusal(problems: problems) }
        return byPlatform.keys.sorted().map { platform in merged(platform: platform, parts: byPlatform[platform]!) }
    }

    // MARK: - Refusals

    private static func scopeProblems(_ loaded: LoadedRunResults) -> [String] {
        let expected = loaded.file.shardSpec?.scope ?? .full
        guard RunScope(stored: loaded.file.scope) != expected else { return [] }
        return ["\(loaded.path): the run was narrowed (\(loaded.file.scope)); only whole or sharded runs merge into a full run "
                + "— re-run `duet verify --shard K/N --results FILE` without --feature or --fixture"]
    }

    private static func corpusProblems(_ loaded: LoadedRunResults, local: [FixtureFingerprint], localHash: CorpusContentHash) -> [String] {
        guard loaded.file.corpus.hash != localHash.hash.hex else { return [] }
        let localHashes = Dictionary(local.map { ($0.name, $0.hash.hex) }, uniquingKeysWith: { a, _ in a })
        let results = loaded.file.runs.first?.results ?? []
        let changed = results.filter { result in localHashes[result.fixture].map { $0 != result.hash } ?? false }.map(\.fixture)
        let unknown = results.filter { localHashes[$0.fixture] == nil }.map(\.fixture)
        var detail: [String] = []
        if !changed.isEmpty { detail.append("changed here: " + NameList.shortened(changed)) }
        if !unknown.isEmpty { detail.append("not in this tree: " + NameList.shortened(unknown)) }
        return ["\(loaded.path): ran against corpus \(loaded.file.corpus.hash) (\(loaded.file.corpus.fixtures) fixtures), "
                + "this tree's is \(localHash.hash.hex) (\(localHash.fixtures) fixtures)"
                + (detail.isEmpty ? "" : "; " + detail.joined(separator: "; "))
                + " — run every shard on the same commit, then import their files"]
    }

    private static func coverProblems(platform: String, parts: [(source: LoadedRunResults, run: RunResultsFile.Run)], names: [String],
                                      files: [LoadedRunResults], local: [FixtureFingerprint]) -> [String] {
        var problems: [String] = []
        var holder: [String: Int] = [:]
        var overlaps: [[Int]: [String]] = [:]
        for (position, part) in parts.enumerated() {
            for result in part.run.results {
                if let first = holder[result.fixture] {
                    overlaps[[first, position], default: []].append(result.fixture)
                } else {
                    holder[result.fixture] = position
                }
            }
        }
        for pair in overlaps.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let fixtures = overlaps[pair]!
            problems.append("\(platform): \(parts[pair[0]].source.label) and \(parts[pair[1]].source.label) both hold "
                            + "\(fixtures.count) fixture(s) (\(NameList.shortened(fixtures))): the shards overlap — import each shard's file once")
        }
        let missing = names.filter { holder[$0] == nil }
        if !missing.isEmpty {
            problems.append("\(platform): \(missing.count) of \(names.count) fixtures have no result (\(NameList.shortened(missing)))"
                            + missingShards(files: files, local: local, missing: Set(missing)))
        }
        return problems
    }

    /// Which shards the missing fixtures belong to, when every file splits into the same N.
    private static func missingShards(files: [LoadedRunResults], local: [FixtureFingerprint], missing: Set<String>) -> String {
        let counts = Set(files.compactMap { $0.file.shardSpec?.count })
        guard counts.count == 1, let count = counts.first, files.allSatisfy({ $0.file.shardSpec != nil }) else {
            return " — import the files of every shard"
        }
        let split = FixtureShards.split(local.map { .init(name: $0.name, steps: $0.steps) }, count: count)
        let shards = split.indices.filter { split[$0].contains(where: missing.contains) }.map { "\($0 + 1)/\(count)" }
        return " — they belong to shard \(shards.joined(separator: ", ")): import its file too"
    }

    // MARK: - Merging

    private static func merged(platform: String, parts: [(source: LoadedRunResults, run: RunResultsFile.Run)]) -> MergedRun {
        let results = parts.flatMap { $0.run.results }.sorted { CanonicalOrder.precedes($0.fixture, $1.fixture) }.map(\.stored)
        let failures = parts.compactMap { part in part.run.runnerFailure.map { "\(part.source.label): \($0)" } }
        let passed = results.count { $0.status == "passed" }
        let notRun = results.count { $0.failureKind == "not-run" }
        let runners = parts.map(\.run.runner).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        // One runner identity when every shard ran the same build with the same describe; else unidentified.
        let identities = Set(parts.map { ResultInputs.Runner(build: $0.run.build, describe: $0.run.describe) })
        let runner = identities.count == 1 ? identities.first! : ResultInputs.Runner(build: nil, describe: nil)
        let file = parts[0].source.file.corpus
        let run = StoredRun(startedAt: parts.map(\.run.startedAt).min() ?? "", platform: platform, runner: runners.joined(separator: " | "),
                            status: failures.isEmpty && !results.isEmpty && passed == results.count ? "passed" : "failed",
                            scope: .full, fixtureCount: results.count, passedCount: passed,
                            failedCount: results.count - passed - notRun, notRunCount: notRun,
                            runnerFailure: failures.isEmpty ? nil : failures.joined(separator: "; "),
                            durationMilliseconds: Int(parts.map(\.run.durationMs).max() ?? 0), results: results,
                            inputs: ResultInputs(fixtures: file.hash, fixtureCount: Int(file.fixtures), manifest: nil, structures: nil, runner: runner))
        return MergedRun(run: run, sources: parts.map(\.source.label))
    }
}

extension Corpus {
    /// Merges result files (`RunResultsMerge`) against the stored fixtures and stores one full run
    /// per platform, all in one transaction; a refusal stores nothing.
    ///
    /// ```swift
    /// let merged = try corpus.importRunResults(try paths.map { LoadedRunResults(path: $0, file: try RunResultsFile.read(path: $0)) })
    /// ```
    /// Each shard's passes are kept as the test cache (`fixture_passes`) under its own runner, so a
    /// later verify with the same build replays only what changed.
    public func importRunResults(_ files: [LoadedRunResults]) throws -> [MergedRun] {
        var merged = try RunResultsMerge.merge(files, local: try fixtureFingerprints())
        try write(touchesTree: false) {
            for index in merged.indices {
                let id = try storeRun(merged[index].run)
                merged[index].run.id = id
                for file in files {
                    for part in file.file.runs where part.platform == merged[index].run.platform {
                        try recordFixturePasses(gate: .verify, platform: part.platform, run: id,
                                                judgedWith: CachedGate.verifyKey(build: part.build, command: part.runner, describe: part.describe),
                                                passed: part.results.filter { $0.status == "passed" }.map { FixturePassed(fixture: $0.fixture, steps: Int($0.stepsRun)) },
                                                failed: part.results.filter { $0.status == "failed" && $0.failure?.kind != "not-run" }.map(\.fixture))
                    }
                }
            }
        }
        return merged
    }
}

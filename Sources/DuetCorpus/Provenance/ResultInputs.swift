import Foundation
import Duet

/// What a stored result judged — its provenance: the fixture set, the manifest, the structures and,
/// for a result a runner gave, the runner's build and `describe` answer. A result stands for now
/// only when these equal the current inputs (`changed(to:among:)` names the ones that do not).
///
/// ```swift
/// let now = try corpus.currentInputs(manifestPath: "parity/manifest.yaml")
/// let stale = run.inputs?.changed(to: now, among: [.fixtures]) ?? ResultInputs.Input.allCases
/// stale.isEmpty   // the run judged the fixtures there are now
/// ```
public struct ResultInputs: Sendable, Equatable, Codable {
    /// The fixture set: `CorpusContentHash` of the fixtures judged (names and behaviour only), hex.
    public var fixtures: String
    public var fixtureCount: Int
    /// `parity/manifest.yaml`'s bytes, hashed; nil when there was none.
    public var manifest: String?
    /// The feature structures the corpus held, hashed.
    public var structures: String?
    /// The runner that judged it; nil for a result no runner gave (lint, census, audit).
    public var runner: Runner?

    public struct Runner: Sendable, Hashable, Codable {
        /// `RunnerBuild.stored`: the handshake's build, `exe:HASH`, or nil — unidentified.
        public var build: String?
        /// Its `describe` answer, hashed; nil when it gave none.
        public var describe: String?
        public init(build: String?, describe: String?) { self.build = build; self.describe = describe }
        public var isIdentified: Bool { build != nil }
    }

    public enum Input: String, Sendable, CaseIterable {
        case fixtures, manifest, structures, runner
        /// How a reason names it: "the fixtures", "the runner".
        public var phrase: String { "the \(rawValue)" }
    }

    public init(fixtures: String, fixtureCount: Int, manifest: String?, structures: String?, runner: Runner? = nil) {
        self.fixtures = fixtures; self.fixtureCount = fixtureCount; self.manifest = manifest; self.structures = structures
        self.runner = runner
    }

    /// The inputs among `judged` that differ from `current`. A runner that was not identified when
    /// the result was stored, or is not known now, counts as changed: nothing says it is the same.
    public func changed(to current: ResultInputs, among judged: [Input]) -> [Input] {
        judged.filter { input in
            switch input {
            case .fixtures: return fixtures != current.fixtures
            case .manifest: return manifest != current.manifest
            case .structures: return structures != current.structures
            case .runner:
                guard let stored = runner, stored.isIdentified, let now = current.runner else { return true }
                return stored != now
            }
        }
    }

    /// `stale: the fixtures and the runner changed since verify run 12 (2026-06-01T09:30:00.000Z)`.
    public static func staleReason(_ changed: [Input], since what: String) -> String {
        let names = changed.map(\.phrase)
        let list = names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return "stale: \(list) changed since \(what)"
    }

    // MARK: - Hashes of inputs

    /// The hash of the manifest's bytes; nil when there is no file at `path`.
    public static func manifestHash(atPath path: String?) -> String? {
        guard let path, let data = FileManager.default.contents(atPath: path) else { return nil }
        return ContentHash(of: [UInt8](data)).hex
    }

    /// The hash of a `describe` answer, over its canonical bytes.
    public static func describeHash(_ structures: [FeatureStructure]) throws -> String {
        ContentHash(of: try CanonicalEncoder().encode(structures).canonicalBytes).hex
    }

    /// A short form for tables: the first 12 hex digits (`exe:` kept).
    public static func short(_ hash: String?) -> String {
        guard let hash else { return "" }
        let prefix = hash.hasPrefix("exe:") ? "exe:" : ""
        return prefix + hash.dropFirst(prefix.count).prefix(12)
    }
}

extension Corpus {
    /// The inputs a result judges if it runs now over every stored fixture: the fixture set, the
    /// manifest at `manifestPath` (nil: none) and the stored structures. No runner part.
    public func currentInputs(manifestPath: String?) throws -> ResultInputs {
        try inputs(judging: try contentHash(), manifestPath: manifestPath)
    }

    /// The inputs of a result over `fingerprints` (the fixtures it judged).
    public func inputs(judging fingerprints: [FixtureFingerprint], manifestPath: String?, runner: ResultInputs.Runner? = nil) throws -> ResultInputs {
        try inputs(judging: CorpusContentHash(fingerprints), manifestPath: manifestPath, runner: runner)
    }

    /// The inputs of a result over the fixture set `set` hashes (a gate that streamed the fixtures hashed them as it went).
    public func inputs(judging set: CorpusContentHash, manifestPath: String?, runner: ResultInputs.Runner? = nil) throws -> ResultInputs {
        ResultInputs(fixtures: set.hash.hex, fixtureCount: set.fixtures, manifest: ResultInputs.manifestHash(atPath: manifestPath),
                            structures: try structuresHash(), runner: runner)
    }

    /// The hash of every stored feature structure (what census, the drill and the audit read).
    public func structuresHash() throws -> String {
        ContentHash(of: try CanonicalEncoder().encode(try structures()).canonicalBytes).hex
    }
}

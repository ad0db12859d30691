import Foundation
import Duet
import DuetFixtures

/// `parity/mutations.json`: how each platform's runner is rebuilt from a copy of the sources,
/// and the mutation rows that the gate must catch.
///
/// ```json
/// {
///   "platforms": {
///     "swift": {"sources": ["Sources"], "build": "swift build --product memorylane-runner"},
///     "kotlin": {"sources": ["kotlin/duet/src/main", "kotlin/memorylane/src/main"], "build": "kotlin/build.sh"}
///   },
///   "mutations": [
///     {"name": "capture-dismissal-guard", "file": "Sources/MemoryLane/Capture/Capture.swift",
///      "old": "guard state.sheet == kind else", "new": "guard state.sheet != nil else",
///      "about": "a late dismissal report closes the picker that is up now"}
///   ]
/// }
/// ```
///
/// A row's platform is the one whose `sources` folder holds its file; the runner is that
/// platform's under `runners:` in `parity/manifest.yaml`, started in the copy.
public struct MutationPlan: Sendable, Equatable, Decodable {
    public static let relativePath = "parity/mutations.json"

    public var platforms: [String: Platform]
    public var mutations: [Mutation]

    public struct Platform: Sendable, Equatable, Decodable {
        /// Folders (relative to the repository root) whose files belong to this platform.
        public var sources: [String]
        /// Run in the copy before each verify; nil when the runner command builds by itself (`swift run`).
        public var build: String?
    }

    public struct Mutation: Sendable, Equatable, Decodable {
        public var name: String
        /// Relative to the repository root.
        public var file: String
        /// Must occur exactly once in the file, byte for byte.
        public var old: String
        public var new: String
        /// What the mutant breaks, in words.
        public var about: String?
        /// Why the mutant changes no behaviour, judged by hand: it is left out of the mutation score.
        public var equivalent: String?
    }

    /// The platform whose sources hold `file`.
    public func platform(of file: String) -> String? {
        platforms.keys.sorted().first { platform in
            platforms[platform]!.sources.contains { folder in
                let prefix = folder.hasSuffix("/") ? folder : folder + "/"
                return file.hasPrefix(prefix)
            }
        }
    }

    /// Reads and checks the plan; anything wrong is an `InputError` at its line and column.
    public static func read(path: String) throws -> MutationPlan {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, message: "no mutation plan here", fix: "write \(relativePath) (see `duet mutate --help`)")
        }
        let bytes = Array(data)
        let fix = "see `duet mutate --help` for the shape of \(relativePath)"
        let plan = try PlacedDecoding.decode(MutationPlan.self, from: bytes, file: path, fix: fix)
        func refuse(_ at: String, _ message: String) -> InputError {
            PlacedDecoding.error(at: at, in: bytes, file: path, message: message, fix: fix)
        }
        if plan.mutations.isEmpty { throw refuse("mutations", "no mutation rows: the drill would check nothing") }
        for (platform, entry) in plan.platforms where entry.sources.isEmpty || entry.sources.contains(where: \.isEmpty) {
            throw refuse("platforms.\(platform).sources", "platform \(platform) names no sources folder")
        }
        var names = Set<String>()
        for (index, row) in plan.mutations.enumerated() {
            let at = "mutations[\(index)]"
            if row.name.isEmpty || row.name.contains(where: { $0.isWhitespace }) {
                throw refuse("\(at).name", "a row's name is one word (letters, digits, '-'), not \"\(row.name)\"")
            }
            if !names.insert(row.name).inserted { throw refuse("\(at).name", "a second row named \(row.name)") }
            if row.old.isEmpty { throw refuse("\(at).old", "\(row.name): old is empty") }
            if row.old == row.new { throw refuse("\(at).new", "\(row.name): new is old — the mutant would be the original") }
            if row.file.hasPrefix("/") || row.file.split(separator: "/").contains("..") {
                throw refuse("\(at).file", "\(row.name): the file is relative to the repository root, inside it")
            }
            if plan.platform(of: row.file) == nil {
                throw refuse("\(at).file", "\(row.name): \(row.file) is in no platform's sources (\(plan.platforms.keys.sorted().joined(separator: ", ")))")
            }
        }
        return plan
    }
}

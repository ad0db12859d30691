import DuetGates
import DuetManifest

extension VerbContext {
    /// Before a verb that needs structure: what the corpus lacks is asked of the manifest's runners
    /// once (`StructureFromRunner`), and said on stderr. Without a manifest, or a runner that can
    /// answer, nothing changes: the verb then says what it could not check, as it does without.
    func ensureStructure(_ verb: String, manifest: Manifest?, describes: Bool = false) throws {
        guard let manifest, !manifest.file.isEmpty, !manifest.runners.isEmpty else { return }
        let outcome = try StructureFromRunner(corpus: try corpus(), manifest: manifest).ensure(describes: describes)
        for described in outcome.described {
            let features = described.features.isEmpty ? "its describe" : "the structure of \(described.features.joined(separator: ", "))"
            note("duet \(verb): asked the \(described.platform) runner (build \(described.build)) for \(features); kept for this build")
        }
        guard !outcome.unknown.isEmpty else { return }
        for (platform, problem) in outcome.failures.sorted(by: { $0.key < $1.key }) {
            note("duet \(verb): the \(platform) runner could not say the structure of \(outcome.unknown.joined(separator: ", ")): \(problem)")
        }
    }
}

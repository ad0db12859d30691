import Duet
import DuetManifest

/// The manifest the question verbs read: `--manifest PATH`, else the nearest `parity/manifest.yaml`.
enum QueryManifest {
    static let option = OptionSpec.value("--manifest", placeholder: "PATH",
                                         help: "The manifest with the ledger and census rulings (default: the nearest parity/manifest.yaml).")

    /// nil when no manifest is given or found.
    static func load(_ path: String?, context: VerbContext) throws -> Manifest? {
        if let path {
            let resolved = path.hasPrefix("/") ? path : context.workingDirectory + "/" + path
            return try Manifest.load(path: resolved)
        }
        return try context.manifest()
    }

    /// The manifest, or an empty one with a notice saying what is missing.
    static func loadOrEmpty(_ path: String?, context: VerbContext, missing: String) throws -> Manifest {
        if let manifest = try load(path, context: context) { return manifest }
        context.note("duet: no parity/manifest.yaml found (walking up from \(context.workingDirectory)); \(missing)")
        return Manifest(file: "")
    }

    /// `--manifest PATH`, else the nearest `parity/manifest.yaml`; none is bad input.
    static func path(_ option: String?, context: VerbContext) throws -> String {
        if let option { return option.hasPrefix("/") ? option : context.workingDirectory + "/" + option }
        guard let found = Manifest.locate(from: context.workingDirectory) else {
            throw InputError(file: Manifest.relativePath, message: "no manifest found walking up from \(context.workingDirectory)",
                             fix: "run from the repository, or pass --manifest PATH")
        }
        return found
    }
}

import Foundation

/// A manifest that cannot be read or does not have the grammar's shape: file, line, column, what is
/// wrong and what to write instead. The YAML reader throws it too.
public struct ManifestError: Error, Sendable, CustomStringConvertible, Equatable {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    public var fix: String?
    public init(file: String, line: Int, column: Int, message: String, fix: String? = nil) {
        self.file = file; self.line = line; self.column = column; self.message = message; self.fix = fix
    }
    public var description: String { "\(file):\(line):\(column): \(message)" + (fix.map { " — \($0)" } ?? "") }
}

/// Everything one reading of a manifest found: the manifest as far as it could be read, and every error.
public struct ManifestReading: Sendable {
    public var manifest: Manifest
    /// Empty when the manifest is well-formed; otherwise in file order.
    public var errors: [ManifestError]
    public var warnings: [ManifestError] { manifest.warnings }
}

extension Manifest {
    public static let relativePath = "parity/manifest.yaml"

    /// Reads and checks the manifest at `path`; throws its first error.
    public static func load(path: String) throws -> Manifest {
        try read(path: path).checked()
    }

    /// Reads the manifest at `path`, collecting every error instead of stopping at the first.
    public static func read(path: String) -> ManifestReading {
        guard let data = FileManager.default.contents(atPath: path) else {
            return ManifestReading(manifest: Manifest(file: path), errors: [
                ManifestError(file: path, line: 1, column: 1, message: "cannot read the manifest", fix: "check the path and its permissions"),
            ])
        }
        return read(bytes: Array(data), file: path)
    }

    public static func read(bytes: [UInt8], file: String) -> ManifestReading {
        let root: YAMLNode
        do {
            root = try YAMLNode.parse(bytes: bytes, file: file)
        } catch {
            return ManifestReading(manifest: Manifest(file: file), errors: [error])
        }
        var reader = ManifestReader(file: file)
        let manifest = reader.read(root)
        return ManifestReading(manifest: manifest, errors: reader.errors.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
    }

    /// Reads and checks manifest text; throws its first error.
    public static func parse(_ text: String, file: String) throws -> Manifest {
        try read(bytes: Array(text.utf8), file: file).checked()
    }

    /// The nearest `parity/manifest.yaml` walking up from `directory`, if any.
    public static func locate(from directory: String) -> String? {
        var url = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent(relativePath).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    /// The folder the manifest's paths are relative to: the one holding `parity/`.
    public var root: String {
        URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent().deletingLastPathComponent().path
    }
}

extension ManifestReading {
    /// The manifest, or its first error (saying how many more there are).
    public func checked() throws -> Manifest {
        guard var first = errors.first else { return manifest }
        if errors.count > 1 { first.message += " (and \(errors.count - 1) more; `duet lint` lists them all)" }
        throw first
    }
}

import DuetManifest

/// What must hold for any bytes read as `parity/manifest.yaml`: the reader answers with a manifest
/// and its errors and warnings, each placed at a line and column inside the text — never a crash,
/// never a hang.
///
/// ```swift
/// if let finding = ManifestProperty.finding(in: Array(text.utf8)) { fatalError(finding) }
/// ```
public enum ManifestProperty {
    public static func finding(in bytes: [UInt8]) -> String? {
        let reading = Manifest.read(bytes: bytes, file: "manifest.yaml")
        let lines = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        for problem in reading.errors + reading.warnings {
            guard problem.line >= 1, problem.line <= lines + 1, problem.column >= 1, problem.column <= bytes.count + 2 else {
                return "a problem placed outside the text (\(lines) lines, \(bytes.count) bytes): \(problem)"
            }
        }
        return nil
    }
}

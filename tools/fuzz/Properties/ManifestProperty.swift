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
        let lines = yamlLines(bytes)
        for problem in reading.errors + reading.warnings {
            guard problem.line >= 1, problem.line <= lines + 1, problem.column >= 1, problem.column <= bytes.count + 2 else {
                return "a problem placed outside the text (\(lines) lines, \(bytes.count) bytes): \(problem)"
            }
        }
        return nil
    }

    /// Lines as YAML counts them (libyaml's marks): a line ends at LF, CR, CR LF, NEL, LS or PS.
    static func yamlLines(_ bytes: [UInt8]) -> Int {
        let text = String(decoding: bytes, as: UTF8.self).unicodeScalars
        var lines = 1
        var previous: Unicode.Scalar?
        for scalar in text {
            switch scalar.value {
            case 0x0A: if previous?.value != 0x0D { lines += 1 }
            case 0x0D, 0x85, 0x2028, 0x2029: lines += 1
            default: break
            }
            previous = scalar
        }
        return lines
    }
}

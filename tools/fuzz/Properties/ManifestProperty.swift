import Foundation
import DuetManifest

/// What must hold for any bytes read as `parity/manifest.yaml`: the reader answers with a manifest
/// or with an error placed at a line and column inside the text — never a crash, never a hang.
///
/// ```swift
/// if let finding = ManifestProperty.finding(in: Array(text.utf8)) { fatalError(finding) }
/// ```
public enum ManifestProperty {
    public static func finding(in bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        do {
            _ = try Manifest.parse(text, file: "manifest.yaml")
            return nil
        } catch let error as ManifestError {
            return placed(error.line, error.column, lines: lines, text.utf8.count, "\(error)")
        } catch let error as YAMLError {
            return placed(error.line, error.column, lines: lines, text.utf8.count, "\(error)")
        } catch {
            return "the manifest reader threw an error without a place: \(error)"
        }
    }

    private static func placed(_ line: Int, _ column: Int, lines: Int, _ count: Int, _ description: String) -> String? {
        guard line >= 1, line <= lines + 1, column >= 1, column <= count + 2 else {
            return "an error placed outside the text (\(lines) lines): \(description)"
        }
        return nil
    }
}

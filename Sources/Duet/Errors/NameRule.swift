/// The one rule for names that become file names or appear in reports: fixture, scenario,
/// milestone and runner names, and the names of files found in the tree. A name is refused when
/// it is empty, not UTF-8 (or holds the U+FFFD that stands for bytes that were not), longer than a
/// file name can carry with its suffix, holds a character
/// that hides or reorders text on a terminal (controls, DEL, C1, bidi overrides and isolates,
/// line and paragraph separators), or would leave its folder (`/`, `\`, `..`, a leading `.`).
/// Milestone and runner names are words besides: letters, digits, `-`, `_` and `.`.
///
/// ```swift
/// try NameRule.check("beta-1", as: .milestone)                       // fine
/// try NameRule.check("beta\u{202E}1", as: .milestone)                // NameRefusal: milestone name "beta\u{202E}1" holds …
/// let name = try NameRule.check(fileName: Array("a\u{FF}.fixture.json".utf8), as: .file)   // non-UTF-8 bytes: refused
/// ```
public enum NameRule {
    public enum Subject: String, Sendable {
        case fixture, scenario, milestone, runner, file
    }

    /// The longest name in UTF-8 bytes: `NAME.fixture.json` and the temporary file beside it
    /// (`.NAME.fixture.json.duet-PID-N.tmp`) must fit in the 255 bytes of a file name.
    public static let maximumBytes = 200

    /// Throws when `name` breaks the rule for `subject`.
    public static func check(_ name: String, as subject: Subject) throws(NameRefusal) {
        if let reason = reason(name, subject) { throw NameRefusal(subject: subject, escapedName: escaped(name), reason: reason.text, fix: reason.fix) }
    }

    /// A name read from the file system as bytes: refused when it is not UTF-8, else checked as `check` does.
    @discardableResult
    public static func check(fileName bytes: [UInt8], as subject: Subject = .file) throws(NameRefusal) -> String {
        guard let name = String(validating: bytes, as: UTF8.self) else {
            throw NameRefusal(subject: subject, escapedName: escaped(bytes: bytes), reason: "is not valid UTF-8",
                              fix: "rename it to a UTF-8 name")
        }
        try check(name, as: subject)
        return name
    }

    /// True when `name` passes for `subject`.
    public static func allows(_ name: String, as subject: Subject) -> Bool { reason(name, subject) == nil }

    /// The name as a message shows it: every character the rule refuses as `\u{…}`, quotes and
    /// backslashes escaped, so nothing in it can reorder or hide the message around it.
    public static func escaped(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { out += "\\" + String(scalar) }
            else if isHidden(scalar) { out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" }
            else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// Any text made safe for a terminal: every character the rule refuses written as `\u{…}`, but
    /// line breaks and tabs kept (a message may span lines) and quotes left as they are.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isHidden($0) && $0 != "\n" && $0 != "\t" }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isHidden(scalar) && scalar != "\n" && scalar != "\t" { out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" }
            else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// Bytes that may not be UTF-8: valid stretches as `escaped`, every other byte as `\xHH`.
    public static func escaped(bytes: [UInt8]) -> String {
        var out = "", index = 0
        while index < bytes.count {
            var end = min(bytes.count, index + 4)
            var decoded: String?
            while end > index, decoded == nil {
                decoded = String(validating: bytes[index..<end], as: UTF8.self).flatMap { $0.unicodeScalars.count == 1 ? $0 : nil }
                if decoded == nil { end -= 1 }
            }
            if let decoded {
                out += escaped(decoded)
                index = end
            } else {
                out += "\\x" + (bytes[index] < 16 ? "0" : "") + String(bytes[index], radix: 16, uppercase: true)
                index += 1
            }
        }
        return out
    }

    // MARK: - The rule

    private struct Reason { var text: String; var fix: String }

    private static func reason(_ name: String, _ subject: Subject) -> Reason? {
        var rename: String { "rename the \(subject.rawValue)" }
        if name.isEmpty { return Reason(text: "is empty", fix: "give the \(subject.rawValue) a name") }
        if let hidden = name.unicodeScalars.first(where: isHidden) {
            return Reason(text: "holds \(describe(hidden)), which a terminal or an editor would not show as it is",
                          fix: "\(rename) without it")
        }
        if name.unicodeScalars.contains("\u{FFFD}") {
            // What a command line or a file system name that was not UTF-8 decodes to.
            return Reason(text: "holds U+FFFD (a replacement character: the name was not valid UTF-8)", fix: "\(rename) with UTF-8 characters")
        }
        if name.utf8.count > maximumBytes {
            return Reason(text: "is \(name.utf8.count) bytes long; a name becomes a file name, and \(maximumBytes) bytes is the most that fits with its suffix",
                          fix: "shorten it to \(maximumBytes) bytes or fewer")
        }
        // Byte scans: `String.contains(String)` goes through Foundation's locale-aware search, twice
        // a file on every import (1.7 % of a 10k import's samples).
        let bytes = name.utf8, dot = UInt8(ascii: ".")
        if bytes.contains(UInt8(ascii: "/")) || bytes.contains(UInt8(ascii: "\\")) {
            return Reason(text: "holds a path separator (it would leave its folder)", fix: "\(rename) without '/' and '\\'")
        }
        if zip(bytes, bytes.dropFirst()).contains(where: { $0 == dot && $1 == dot }) { return Reason(text: "holds '..' (it would leave its folder)", fix: "\(rename) without '..'") }
        if bytes.first == dot { return Reason(text: "starts with '.' (a hidden file)", fix: "\(rename) so it starts with a letter or digit") }
        if subject == .milestone || subject == .runner,
           let other = name.unicodeScalars.first(where: { !($0.properties.isAlphabetic || $0.properties.numericType != nil || "-_.".unicodeScalars.contains($0)) }) {
            return Reason(text: "holds '\(other)'; a \(subject.rawValue) name is one word", fix: "use letters, digits, '-', '_' and '.'")
        }
        return nil
    }

    /// Characters that hide or reorder text: C0 controls, DEL, C1 controls, the bidi marks,
    /// embeddings, overrides and isolates, line and paragraph separators, and the BOM.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x2028, 0x2029, 0xFEFF: return true
        default: return false
        }
    }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        let code = "U+" + String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count)) + String(scalar.value, radix: 16, uppercase: true)
        switch scalar.value {
        case 0x7F: return "\(code) (DEL)"
        case 0x00...0x1F, 0x80...0x9F: return "\(code) (a control character)"
        case 0x2028: return "\(code) (a line separator)"
        case 0x2029: return "\(code) (a paragraph separator)"
        case 0xFEFF: return "\(code) (a byte-order mark)"
        default: return "\(code) (a bidirectional control)"
        }
    }
}

/// A name the rule refuses: which kind of name, the name escaped, why, and what to do.
public struct NameRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public var subject: NameRule.Subject
    /// The name with every refused character written as `\u{…}` (never the raw characters).
    public var escapedName: String
    public var reason: String
    public var fix: String

    public var description: String { "\(subject.rawValue) name \"\(escapedName)\" \(reason) — \(fix)" }
}

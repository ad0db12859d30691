import Foundation

/// Finds writes to L0 fields in lines of host code (comments and strings already blanked).
struct WriteRule {
    private struct Pattern { var field: String; var subject: String; var forms: [(NSRegularExpression, String)] }
    private let patterns: [Pattern]

    init(fields: [(feature: String, path: String)]) {
        var byName: [String: [String]] = [:]
        for (feature, path) in fields {
            let name = path.split(separator: ".").last.map(String.init) ?? path
            byName[name, default: []].append("\(feature).\(path)")
        }
        patterns = byName.keys.sorted().map { name in
            let f = NSRegularExpression.escapedPattern(for: name)
            func regex(_ pattern: String) -> NSRegularExpression { try! NSRegularExpression(pattern: pattern) }
            return Pattern(field: name, subject: byName[name]!.sorted().joined(separator: " or "), forms: [
                (regex(#"\.\#(f)\s*=\s*(nil|null)\b"#), "`= nil`"),
                (regex(#"\.\#(f)\s*(=(?!=)|\+=|-=)"#), "an assignment"),
                (regex(#"\.\#(f)\s*\??\.\s*(append|removeLast|removeFirst|removeAll|popLast|insert|remove|add|addAll|removeAt|clear)\s*\("#), "a stack mutation"),
                (regex(#"\bcopy\s*\(.*\b\#(f)\s*=(?!=)"#), "a copy(\(name) = …)"),
                (regex(#"\$[A-Za-z_][\w.]*\.\#(f)\b"#), "a two-way binding"),
            ])
        }
    }

    func findings(in text: SourceText, file: String) -> [AuditFinding] {
        var found: [AuditFinding] = []
        for (index, line) in text.lines.enumerated() {
            let range = NSRange(line.startIndex..., in: line)
            let sendStart = line.range(of: "send(").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
            for pattern in patterns {
                for (regex, form) in pattern.forms {
                    guard let match = regex.firstMatch(in: line, range: range) else { continue }
                    // Inside the argument of a send, it describes an action, not a write.
                    if let sendStart, match.range.location > sendStart { continue }
                    found.append(AuditFinding(file: file, line: index + 1, rule: "l0.write", subject: pattern.subject,
                                              message: "\(form) to the L0 field '\(pattern.field)' (\(pattern.subject)) outside the reducer: send the user's action and let the reducer move it"))
                    break
                }
            }
        }
        return found
    }

    private static let reducer = try! NSRegularExpression(pattern: #"\b(func|fun)\s+reduce\s*[(<]|\binout\s+(\w+\.)*\w*State\b"#)
    private static let testImport = try! NSRegularExpression(pattern: #"^\s*(@testable\s+)?import\s+(DuetTesting|DuetScenarios|XCTest|Testing|org\.junit|kotlin\.test)\b"#)

    /// A line declaring the reducer, or a reducer helper taking `inout State`: the file is where state is written by design.
    static func declaresReducer(_ line: String) -> Bool {
        reducer.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
    }

    /// A line importing a test framework: the file builds states for scenarios and tests, it is no host.
    static func importsTesting(_ line: String) -> Bool {
        testImport.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
    }

    /// A line declaring a property `name` (`var`, `let`, `val`).
    static func declares(_ name: String, in line: String) -> Bool {
        let pattern = #"\b(var|let|val)\s+\#(NSRegularExpression.escapedPattern(for: name))\b"#
        return line.range(of: pattern, options: .regularExpression) != nil
    }
}

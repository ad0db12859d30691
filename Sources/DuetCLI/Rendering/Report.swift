import Duet

/// What a verb shows: sections of tables or text, rendered as table, JSON, CSV or Markdown
/// with the same columns in every format.
///
/// ```swift
/// let table = Table(columns: ["feature", "path", "slot"], rows: [[.text("timeline"), .int(1), .int(1)]])
/// context.render(Report(table, title: "Census"), as: .md)
/// ```
public struct Report: Sendable {
    public var sections: [Section]
    /// When set, the JSON form is exactly this value (a typed result encoded canonically).
    public var json: JSONValue?
    /// A gate's one closing line (`GateVerdict`): the JSON form's `verdict` field, and the verb's last line.
    public var verdict: GateVerdict?

    public init(sections: [Section], json: JSONValue? = nil) { self.sections = sections; self.json = json }
    public init(_ table: Table, title: String? = nil, id: String = "rows", json: JSONValue? = nil) {
        self.init(sections: [Section(id: id, title: title, content: .table(table))], json: json)
    }

    public struct Section: Sendable {
        public var id: String
        public var title: String?
        public var content: Content
        /// A table of findings with no row says nothing people need to read: tables and Markdown
        /// leave it out (the summary says it holds); JSON and CSV keep it, for machines.
        public var omittedWhenEmpty = false
        public init(id: String, title: String? = nil, content: Content, omittedWhenEmpty: Bool = false) {
            self.id = id; self.title = title; self.content = content; self.omittedWhenEmpty = omittedWhenEmpty
        }

        var isEmptyTable: Bool { if case .table(let table) = content { return table.rows.isEmpty } else { return false } }
    }

    /// The sections people read: an empty one marked `omittedWhenEmpty` is left out.
    var readSections: [Section] { sections.filter { !($0.omittedWhenEmpty && $0.isEmptyTable) } }

    public enum Content: Sendable {
        case table(Table)
        case text(String)
    }
}

public struct Table: Sendable {
    public var columns: [String]
    public var rows: [[Cell]]
    public init(columns: [String], rows: [[Cell]] = []) { self.columns = columns; self.rows = rows }

    public enum Cell: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
        case text(String)
        case int(Int)
        case bool(Bool)
        case none

        public init(stringLiteral value: String) { self = .text(value) }
        public init(integerLiteral value: Int) { self = .int(value) }

        var display: String {
            switch self {
            case .text(let text): return text
            case .int(let int): return String(int)
            case .bool(let bool): return bool ? "yes" : "no"
            case .none: return ""
            }
        }

        var json: JSONValue {
            switch self {
            case .text(let text): return .string(text)
            case .int(let int): return .int(Int64(int))
            case .bool(let bool): return .bool(bool)
            case .none: return .null
            }
        }
    }
}

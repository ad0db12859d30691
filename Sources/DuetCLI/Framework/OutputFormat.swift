/// How a report is written: aligned columns for people, JSON for tools, CSV and Markdown for documents.
public enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, csv, md
}

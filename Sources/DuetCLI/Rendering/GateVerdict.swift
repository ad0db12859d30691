import Duet

/// The one line a gate ends with — the line a person reads first:
/// `record --check: no drift — 175 fixtures, 2 metadata-only`, `drill restore: holds — 0 findings, 4 ruled`.
///
/// It is written once, after everything else the verb says: with `table` or `md` as the last line
/// on stdout (after every notice on stderr); with `json` as the report's `verdict` field and the
/// last line on stderr; with `csv` as the last line on stderr — machine output stays clean.
///
/// ```swift
/// var report = ReplayReports.verify(outcome)
/// report.verdict = GateVerdicts.verify(outcome)
/// context.render(report, as: format)       // the line itself is written when the verb returns
/// ```
public struct GateVerdict: Sendable, Equatable {
    /// The verb as typed: `record --check`, `drill restore`, `milestone beta-1`.
    public var gate: String
    /// True exactly when the verb exits 0.
    public var holds: Bool
    /// `holds`, `fails`, `no drift`, `not checked`, …
    public var says: String
    /// What was judged, counted: `175 fixtures, 2 metadata-only`.
    public var detail: String

    public init(gate: String, holds: Bool, says: String? = nil, detail: String) {
        self.gate = gate; self.holds = holds; self.says = says ?? (holds ? "holds" : "fails"); self.detail = detail
    }

    public var line: String { detail.isEmpty ? "\(gate): \(says)" : "\(gate): \(says) — \(detail)" }

    /// `{"gate": …, "holds": …, "line": …}`.
    public var json: JSONValue {
        var object = JSONObject()
        object["gate"] = .string(gate)
        object["holds"] = .bool(holds)
        object["line"] = .string(line)
        return .object(object)
    }

    /// Where the line goes for a report written in `format`: stdout for people, stderr beside machine output.
    static func onStdout(_ format: OutputFormat) -> Bool { format == .table || format == .md }
}

extension GateVerdict {
    /// `json` with the verdict in its `verdict` field; a list becomes `{"<id>": [...], "verdict": …}`.
    func merged(into json: JSONValue, listKey: String) -> JSONValue {
        switch json {
        case .object(var object):
            object["verdict"] = self.json
            return .object(object)
        default:
            var object = JSONObject()
            object[listKey] = json
            object["verdict"] = self.json
            return .object(object)
        }
    }
}

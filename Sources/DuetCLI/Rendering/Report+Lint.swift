import Duet
import DuetManifest

extension Report {
    /// Adds the lint a gate ran: a section, and `lint` (with its summary) in the JSON form.
    mutating func attach(_ lint: LintReport?) {
        guard let lint else { return }
        sections.append(Report.Section(id: "lint", title: "Lint", content: .text(lint.summary)))
        if case .object(var object)? = json, case .object(var encoded)? = try? CanonicalEncoder().encode(lint) {
            encoded["summary"] = .string(lint.summary)
            object["lint"] = .object(encoded)
            json = .object(object)
        }
    }
}

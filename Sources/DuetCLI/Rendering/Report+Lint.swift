import Duet
import DuetManifest

extension Report {
    /// Adds the lint a gate ran first: a section, and `lint` in the JSON form.
    mutating func attach(_ lint: LintReport?) {
        guard let lint else { return }
        sections.append(Report.Section(id: "lint", title: "Lint", content: .text(lint.summary)))
        if case .object(var object)? = json, let encoded = try? CanonicalEncoder().encode(lint) {
            object["lint"] = encoded
            json = .object(object)
        }
    }
}

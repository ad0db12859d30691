import DuetCorpus

/// What the HTML page draws beyond the report itself: the trend over stored milestones, and how maps are laid out.
///
/// ```swift
/// let page = MilestonePage(trend: try corpus.milestoneTrend(through: report), drawer: try MapDrawer(engine: .auto, path: path))
/// let html = report.html(page)
/// ```
struct MilestonePage {
    var trend: MilestoneTrend?
    /// nil: duet's own layout.
    var drawer: MapDrawer?

    init(trend: MilestoneTrend? = nil, drawer: MapDrawer? = nil) { self.trend = trend; self.drawer = drawer }
}

/// Anchors for every section, and the list of them the page opens with.
enum MilestoneAnchors {
    /// `Verify` → `verify`, `Restore drill` → `restore-drill`.
    static func id(_ title: String) -> String {
        let words = title.lowercased().split { !$0.isLetter && !$0.isNumber }
        return words.joined(separator: "-")
    }

    /// Where the contents go (after the header and the verdict).
    static let contentsMark = "<!-- contents -->\n"

    /// Gives every `<h2>` without one an id, and returns the body with a contents list of them.
    static func linked(_ body: String) -> (body: String, contents: String) {
        var out = "", entries: [(String, String)] = [], rest = Substring(body)
        while let open = rest.range(of: "<h2>"), let close = rest.range(of: "</h2>", range: open.upperBound..<rest.endIndex) {
            let title = String(rest[open.upperBound..<close.lowerBound])
            let id = id(title.replacingOccurrences(of: "&amp;", with: "and"))
            out += rest[..<open.lowerBound] + "<h2 id=\"\(id)\">\(title)</h2>"
            entries.append((id, title))
            rest = rest[close.upperBound...]
        }
        out += rest
        let contents = "<nav class=\"contents\" aria-label=\"Sections\">" + entries.map { "<a href=\"#\($0.0)\">\($0.1)</a>" }.joined() + "</nav>\n"
        return (out, contents)
    }

    /// The anchor of one failure's detail (`fail-verify-kotlin-mainnav.tabs.same-tab`): fixture names hold no whitespace.
    static func failure(_ detail: MilestoneFailure) -> String {
        failure(gate: detail.gate, platform: detail.platform, fixture: detail.fixture)
    }

    static func failure(gate: MilestoneFailure.Gate, platform: String, fixture: String) -> String {
        "fail-\(gate.rawValue)-\(platform)-\(fixture)"
    }
}

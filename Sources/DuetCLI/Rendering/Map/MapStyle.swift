/// The colours and strokes of a map's marks, one table for SVG, DOT and Mermaid.
enum MapStyle {
    struct Look { var stroke: String; var fill: String; var text: String; var dash: String? }

    static func look(_ mark: MapGraph.Mark) -> Look {
        switch mark {
        case .plain: return Look(stroke: "#4a4a4a", fill: "#ffffff", text: "#1f1f1f", dash: nil)
        case .unchanged: return Look(stroke: "#9a9a9a", fill: "#f7f7f7", text: "#595959", dash: nil)
        case .added: return Look(stroke: "#1a7f37", fill: "#e3f5e8", text: "#0f5323", dash: nil)
        case .removed: return Look(stroke: "#c62828", fill: "#fdecec", text: "#9b1c1c", dash: "6 4")
        case .onlyPlatform: return Look(stroke: "#b35c00", fill: "#fff2e0", text: "#7a3e00", dash: nil)
        case .unconfirmed: return Look(stroke: "#8a8a8a", fill: "#ffffff", text: "#4d4d4d", dash: "2 3")
        }
    }

    /// Stroke width of an edge taken by `weight` fixtures.
    static func strokeWidth(_ weight: Int, mark: MapGraph.Mark) -> String {
        let base = weight >= 8 ? 3.4 : weight >= 4 ? 2.6 : weight >= 2 ? 1.9 : 1.3
        return format(mark == .added || mark == .onlyPlatform ? base + 0.6 : base)
    }

    /// What each mark means, for legends.
    static func meaning(_ mark: MapGraph.Mark) -> String {
        switch mark {
        case .plain: return "recorded"
        case .unchanged: return "unchanged since the previous milestone"
        case .added: return "added since the previous milestone"
        case .removed: return "removed since the previous milestone"
        case .onlyPlatform: return "one platform only (named on its label), or no fixture records it"
        case .unconfirmed: return "recorded, no stored run showed it"
        }
    }

    /// One decimal, locale-free.
    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}

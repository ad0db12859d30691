import Duet
import DuetCorpus

extension MilestoneReport {
    static let primitiveColors: [(Primitive, String)] = [(.path, "#4e79a7"), (.slot, "#f28e2b"), (.tabs, "#59a14f"), (.stage, "#b07aa1")]

    /// One stacked bar per feature with L0 fields (declared fields by primitive), then the totals.
    /// 360 px wide, shown at its column's width: labels stay at 11 px or more on a phone.
    func censusChart() -> String {
        func counts(_ c: PrimitiveCounts) -> [Int] { Self.primitiveColors.map { c[$0.0] } }
        let mapped = census.features.filter { counts($0.declared).reduce(0, +) > 0 }
        let rows = mapped.map { ($0.feature, counts($0.declared)) } + [("total", counts(census.declared))]
        let widest = max(1, rows.map { $0.1.reduce(0, +) }.max() ?? 1)
        let width = 360, label = 118, unit = max(6, min(40, 196 / widest)), height = 22
        let totalHeight = rows.count * height + 34
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" role=\"img\" aria-label=\"L0 fields per feature\" "
        svg += "viewBox=\"0 0 \(width) \(totalHeight)\" width=\"\(width)\" height=\"\(totalHeight)\" font-family=\"\(SVGCharts.font)\" font-size=\"12\">\n"
        for (index, (feature, values)) in rows.enumerated() {
            let y = index * height
            svg += "<text x=\"\(label - 6)\" y=\"\(y + 15)\" text-anchor=\"end\"\(feature == "total" ? " font-weight=\"bold\"" : "")>\(XML.escape(feature))</text>\n"
            var x = label
            for (value, (primitive, color)) in zip(values, Self.primitiveColors) where value > 0 {
                svg += "<rect x=\"\(x)\" y=\"\(y + 3)\" width=\"\(value * unit)\" height=\"\(height - 6)\" fill=\"\(color)\"><title>\(XML.escape(feature)): \(primitive) \(value)</title></rect>\n"
                x += value * unit
            }
            svg += "<text x=\"\(x + 4)\" y=\"\(y + 15)\">\(values.reduce(0, +))</text>\n"
        }
        var x = 4
        for (primitive, color) in Self.primitiveColors {
            svg += "<rect x=\"\(x)\" y=\"\(rows.count * height + 14)\" width=\"10\" height=\"10\" fill=\"\(color)\"/>"
            svg += "<text x=\"\(x + 14)\" y=\"\(rows.count * height + 23)\">\(primitive) \(census.declared[primitive])</text>\n"
            x += 88
        }
        let plain = census.features.count - mapped.count
        let caption = plain == 0 ? "" : "<figcaption>\(plain) feature\(plain == 1 ? " has" : "s have") no L0 field.</figcaption>"
        return "<figure class=\"census\">\n" + svg + "</svg>\n\(caption)</figure>\n"
    }
}

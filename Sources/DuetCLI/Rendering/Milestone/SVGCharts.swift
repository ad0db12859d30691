/// Small SVG charts for the milestone page. Drawn 340 px wide and shown at the width of their
/// column, never narrower than that on a 390 px phone, so no label is ever under 11 px.
enum SVGCharts {
    static let width = 340
    static let labelSize = 11
    static let font = MapSVG.fontFamily

    struct Series { var name: String; var color: String; var values: [Int?] }

    /// One line per series over the milestones, the milestone names along the axis.
    static func lines(title: String, series: [Series], labels: [String]) -> String {
        let (key, keyHeight) = legend(series.map { ($0.name, $0.color) }, y: 36)
        let top = 38 + keyHeight, plotBottom = top + 106
        // Points stand in from the ends, so the first and last names fit under them.
        let (axis, bottom) = xAxis(labels: labels, left: 44 + 26, right: width - 14 - 26, base: plotBottom)
        let height = plotBottom + bottom
        let maximum = niceCeiling(series.flatMap { $0.values.compactMap { $0 } }.max() ?? 0)
        func y(_ value: Int) -> Int { plotBottom - (maximum == 0 ? 0 : value * (plotBottom - top) / maximum) }
        var svg = open(title: title, height: height)
        svg += key
        for step in 0...2 {
            let value = maximum * step / 2, at = y(value)
            svg += "<line x1=\"44\" y1=\"\(at)\" x2=\"\(width - 14)\" y2=\"\(at)\" stroke=\"#e2e2e2\"/>"
            svg += "<text x=\"38\" y=\"\(at + 4)\" text-anchor=\"end\" font-size=\"\(labelSize)\" fill=\"#555\">\(value)</text>\n"
        }
        for line in series {
            let points = line.values.enumerated().compactMap { index, value in
                value.map { (x: axis.positions[index], y: y($0), value: $0, milestone: labels.indices.contains(index) ? labels[index] : "") }
            }
            if points.count > 1 {
                svg += "<polyline fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"2\" points=\"\(points.map { "\($0.x),\($0.y)" }.joined(separator: " "))\"/>\n"
            }
            for point in points {
                svg += "<circle cx=\"\(point.x)\" cy=\"\(point.y)\" r=\"3.5\" fill=\"\(line.color)\"><title>\(XML.escape("\(line.name) \(point.value) at \(point.milestone)"))</title></circle>\n"
            }
        }
        return svg + axis.svg + "</svg>\n"
    }

    /// One row per gate and platform, one cell per milestone: holds (green), fails (red, with the failing count), not checked (grey).
    static func statusStrip(title: String, rows: [(label: String, cells: [(status: String, failing: Int)?])], labels: [String]) -> String {
        let labelWidth = 96, rowHeight = 24
        let (key, keyHeight) = legend([("holds", "#2e9e4f"), ("fails", "#d23b3b"), ("not checked", "#b9b9b9")], y: 34)
        let top = 28 + keyHeight
        let plotBottom = top + rows.count * rowHeight
        let (axis, bottom) = xAxis(labels: labels, left: labelWidth, right: width - 8, base: plotBottom, centred: true)
        let cell = axis.step
        var svg = open(title: title, height: plotBottom + bottom)
        svg += key
        for (index, row) in rows.enumerated() {
            let y = top + index * rowHeight
            svg += "<text x=\"\(labelWidth - 6)\" y=\"\(y + 16)\" text-anchor=\"end\" font-size=\"12\" fill=\"#222\">\(XML.escape(row.label))</text>\n"
            for (column, value) in row.cells.enumerated() {
                let x = axis.positions[column] - cell / 2 + 1
                guard let value else {
                    svg += "<rect x=\"\(x)\" y=\"\(y + 3)\" width=\"\(max(2, cell - 2))\" height=\"\(rowHeight - 6)\" fill=\"none\" stroke=\"#dddddd\"/>\n"
                    continue
                }
                let color = value.status == "holds" ? "#2e9e4f" : value.status == "fails" ? "#d23b3b" : "#b9b9b9"
                svg += "<rect x=\"\(x)\" y=\"\(y + 3)\" width=\"\(max(2, cell - 2))\" height=\"\(rowHeight - 6)\" fill=\"\(color)\">"
                svg += "<title>\(XML.escape("\(row.label) at \(labels[column]): \(value.status)" + (value.failing > 0 ? ", \(value.failing) failing" : "")))</title></rect>\n"
                if value.status == "fails", value.failing > 0, cell >= 24 {
                    svg += "<text x=\"\(axis.positions[column])\" y=\"\(y + 16)\" text-anchor=\"middle\" font-size=\"\(labelSize)\" fill=\"#ffffff\">\(value.failing)</text>\n"
                }
            }
        }
        return svg + axis.svg + "</svg>\n"
    }

    // MARK: - Parts

    private static func open(title: String, height: Int) -> String {
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" "
        svg += "font-family=\"\(font)\" font-size=\"12\" role=\"img\" aria-label=\"\(XML.escape(title))\">\n<title>\(XML.escape(title))</title>\n"
        return svg + "<text x=\"4\" y=\"16\" font-size=\"13\" font-weight=\"bold\" fill=\"#1f1f1f\">\(XML.escape(title))</text>\n"
    }

    /// The series' names in rows that fit the width; returns the height they take.
    private static func legend(_ entries: [(String, String)], y: Int) -> (svg: String, height: Int) {
        var x = 4, line = 0, svg = ""
        for (name, color) in entries {
            let advance = 14 + TextMetrics.width(name, size: 12) + 14
            if x > 4 && x + advance - 14 > width { x = 4; line += 1 }
            let baseline = y + line * 17
            svg += "<rect x=\"\(x)\" y=\"\(baseline - 9)\" width=\"10\" height=\"10\" fill=\"\(color)\"/>"
            svg += "<text x=\"\(x + 14)\" y=\"\(baseline)\" font-size=\"12\" fill=\"#333\">\(XML.escape(name))</text>\n"
            x += advance
        }
        return (svg, 14 + line * 17)
    }

    /// Milestone names under the plot: level when they fit, else slanted; long names shortened (the title has the whole).
    private static func xAxis(labels: [String], left: Int, right: Int, base: Int, centred: Bool = false) -> (axis: (positions: [Int], step: Int, svg: String), bottom: Int) {
        let count = max(1, labels.count)
        let step = centred || count == 1 ? (right - left) / count : (right - left) / max(1, count - 1)
        let positions = (0..<count).map { index in
            centred || count == 1 ? left + step * index + step / 2 : left + step * index
        }
        let shown = labels.map { $0.count > 16 ? String($0.prefix(15)) + "…" : $0 }
        let widest = shown.map { TextMetrics.width($0, size: labelSize) }.max() ?? 0
        let level = widest + 6 <= max(step, centred ? step : (right - left) / count)
        var svg = ""
        for (index, label) in shown.enumerated() {
            let x = positions[index]
            let title = "<title>\(XML.escape(labels[index]))</title>"
            if level {
                svg += "<text x=\"\(x)\" y=\"\(base)\" dy=\"16\" text-anchor=\"middle\" font-size=\"\(labelSize)\" fill=\"#444\">\(title)\(XML.escape(label))</text>\n"
            } else {
                svg += "<text transform=\"translate(\(x),\(base)) rotate(-40)\" dx=\"-4\" dy=\"12\" text-anchor=\"end\" font-size=\"\(labelSize)\" fill=\"#444\">\(title)\(XML.escape(label))</text>\n"
            }
        }
        return ((positions, step, svg), level ? 26 : Int(Double(widest) * 0.66) + 18)
    }

    /// 0, or the smallest of 1, 2, 5 × 10ⁿ at or above `value` (even, so the middle grid line is whole).
    static func niceCeiling(_ value: Int) -> Int {
        guard value > 0 else { return 0 }
        var magnitude = 1
        while magnitude * 10 <= value { magnitude *= 10 }
        for factor in [1, 2, 4, 5, 10] where factor * magnitude >= value { return max(2, factor * magnitude) }
        return max(2, 10 * magnitude)
    }
}

/// A map as SVG from duet's own layout: states as rounded boxes (a double border where fixtures
/// start), transitions as curves with their verb, labels haloed so they read over lines.
enum MapSVG {
    static let fontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Helvetica, Arial, sans-serif"

    /// A standalone `<svg>` element.
    static func render(_ graph: MapGraph, layout: MapLayout) -> String {
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\" viewBox=\"0 0 \(layout.width) \(layout.height)\" "
        svg += "width=\"\(layout.width)\" height=\"\(layout.height)\" font-family=\"\(fontFamily)\" font-size=\"\(MapLayout.fontSize)\" "
        svg += "role=\"img\" aria-label=\"\(XML.escape(summary(graph)))\">\n"
        svg += "<title>\(XML.escape(summary(graph)))</title>\n<desc>Laid out by duet's layered layout.</desc>\n"
        return svg + body(graph, layout: layout) + "</svg>\n"
    }

    /// The drawing itself (markers, edges, states, labels), to place in an `<svg>` or a `<g>`.
    static func body(_ graph: MapGraph, layout: MapLayout) -> String {
        let prefix = "map-\(graph.name)"
        let marks = Array(Set(graph.edges.map(\.mark))).sorted { $0.rawValue < $1.rawValue }
        var svg = "<defs>\n"
        for mark in marks {
            let look = MapStyle.look(mark)
            svg += "<marker id=\"\(prefix)-arrow-\(mark.rawValue)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" "
            svg += "orient=\"auto-start-reverse\" markerUnits=\"userSpaceOnUse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(look.stroke)\"/></marker>\n"
        }
        svg += "</defs>\n<g fill=\"none\">\n"
        for (edge, route) in zip(graph.edges, layout.edges) {
            let look = MapStyle.look(edge.mark)
            let dash = edge.handoff ? "1 4" : look.dash
            svg += "<path d=\"\(path(route))\" stroke=\"\(look.stroke)\" stroke-width=\"\(MapStyle.strokeWidth(edge.weight, mark: edge.mark))\""
            svg += (dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") + " marker-end=\"url(#\(prefix)-arrow-\(edge.mark.rawValue))\">"
            svg += "<title>\(XML.escape(edge.tooltip))</title></path>\n"
        }
        svg += "</g>\n"
        for (node, box) in zip(graph.nodes, layout.nodes) {
            let look = MapStyle.look(node.mark)
            svg += "<g><title>\(XML.escape(node.label + ": " + node.tooltip))</title>"
            svg += "<rect x=\"\(box.x)\" y=\"\(box.y)\" width=\"\(box.width)\" height=\"\(box.height)\" rx=\"6\" fill=\"\(look.fill)\" stroke=\"\(look.stroke)\""
            svg += (look.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") + "/>"
            if node.start {
                svg += "<rect x=\"\(box.x + 3)\" y=\"\(box.y + 3)\" width=\"\(box.width - 6)\" height=\"\(box.height - 6)\" rx=\"4\" fill=\"none\" stroke=\"\(look.stroke)\"/>"
            }
            svg += "<text x=\"\(box.x + box.width / 2)\" y=\"\(box.y + box.height / 2 + 4)\" text-anchor=\"middle\" fill=\"\(look.text)\">\(XML.escape(node.label))</text></g>\n"
        }
        for (edge, route) in zip(graph.edges, layout.edges) {
            let look = MapStyle.look(edge.mark)
            svg += "<text x=\"\(route.label.x)\" y=\"\(route.label.y)\" text-anchor=\"middle\" fill=\"\(look.text)\" "
            svg += "stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\(XML.escape(edge.label))</text>\n"
        }
        return svg
    }

    static func summary(_ graph: MapGraph) -> String {
        graph.name == "seams" ? "Seams between features: \(graph.nodes.count) features, \(graph.edges.count) seams"
            : "Navigation map of \(graph.title): \(graph.nodes.count) states, \(graph.edges.count) transitions"
    }

    /// Horizontal-tangent cubic segments through the route's points; a loop is an arc above its state.
    private static func path(_ route: MapLayout.Route) -> String {
        guard let first = route.points.first else { return "" }
        if route.loop, route.points.count == 2 {
            let a = route.points[0], b = route.points[1]
            return "M\(a.x),\(a.y) C\(a.x - 14),\(a.y - 34) \(b.x + 14),\(b.y - 34) \(b.x),\(b.y)"
        }
        var d = "M\(first.x),\(first.y)"
        for (p, q) in zip(route.points, route.points.dropFirst()) {
            let half = (q.x - p.x) / 2
            d += half == 0 && p.y == q.y ? " L\(q.x),\(q.y)" : " C\(p.x + half),\(p.y) \(q.x - half),\(q.y) \(q.x),\(q.y)"
        }
        return d
    }
}

/// Escaping for XML text and attribute values.
enum XML {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}

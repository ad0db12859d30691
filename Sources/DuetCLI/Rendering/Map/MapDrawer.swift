import Duet

/// Draws maps as SVG: with Graphviz `dot` when it is on `PATH` (or asked for), else with duet's
/// own layout — and says which, and why it fell back.
///
/// ```swift
/// let drawer = try MapDrawer(engine: .auto, path: environment["PATH"])
/// let picture = drawer.svg(MapGraph(featureMap))
/// picture.laidOutBy        // "Graphviz dot (graphviz version 2.43.0)" or "duet's layered layout (…)"
/// ```
struct MapDrawer {
    enum Engine: String, CaseIterable { case auto, dot, duet }

    struct Picture { var svg: String; var laidOutBy: String }

    let dot: GraphvizDot?
    /// Why duet's own layout is used when `dot` is not (nil when it is, or when it was asked for).
    let ownLayoutReason: String?

    init(engine: Engine, path: String?) throws {
        switch engine {
        case .duet:
            dot = nil; ownLayoutReason = nil
        case .dot:
            guard let found = GraphvizDot.locate(path: path) else {
                throw EnvironmentError("--layout dot: Graphviz's dot is not on PATH", fix: "install Graphviz (apt-get install graphviz), or use --layout duet")
            }
            dot = found; ownLayoutReason = nil
        case .auto:
            dot = GraphvizDot.locate(path: path)
            ownLayoutReason = dot == nil ? "dot is not on PATH" : nil
        }
    }

    static let ownLayoutName = "duet's layered layout"

    func svg(_ graph: MapGraph) -> Picture {
        var reason = ownLayoutReason
        if let dot {
            do {
                let svg = try dot.svg(MapDOT.render([graph]), name: graph.name)
                return Picture(svg: svg, laidOutBy: Self.graphvizName(svg))
            } catch {
                reason = "\(error)"
            }
        }
        return Picture(svg: MapSVG.render(graph, layout: MapLayout(graph)), laidOutBy: Self.ownLayoutName + (reason.map { " (\($0))" } ?? ""))
    }

    /// Several pictures in one SVG document: one `dot` run over clusters, or duet's layouts stacked.
    func document(_ graphs: [MapGraph], title: String) -> Picture {
        var reason = ownLayoutReason
        if let dot {
            do {
                let svg = try dot.svg(MapDOT.render(graphs), name: "navigation")
                return Picture(svg: svg, laidOutBy: Self.graphvizName(svg))
            } catch {
                reason = "\(error)"
            }
        }
        return Picture(svg: MapSVGDocument.stacked(graphs, title: title), laidOutBy: Self.ownLayoutName + (reason.map { " (\($0))" } ?? ""))
    }

    private static func graphvizName(_ svg: String) -> String {
        let version = svg.range(of: #"graphviz version [0-9.]+"#, options: .regularExpression).map { String(svg[$0]) } ?? "graphviz"
        return "Graphviz dot (\(version))"
    }
}

/// duet's layouts of several pictures stacked in one SVG, each under its title, a legend last.
enum MapSVGDocument {
    static func stacked(_ graphs: [MapGraph], title: String) -> String {
        var y = 8, width = 320, body = ""
        for graph in graphs {
            let layout = MapLayout(graph)
            body += "<g transform=\"translate(0,\(y))\"><text x=\"\(MapLayout.margin)\" y=\"18\" font-size=\"14\" font-weight=\"bold\" fill=\"#1f1f1f\">"
            body += "\(XML.escape(graph.title))</text>\n<g transform=\"translate(0,24)\">\n\(MapSVG.body(graph, layout: layout))</g></g>\n"
            y += layout.height + 24 + 12
            width = max(width, layout.width)
        }
        let marks = Set(graphs.flatMap { $0.edges.map(\.mark) + $0.nodes.map(\.mark) })
        let legend = MapLegend.svg(marks: marks, starts: graphs.contains { $0.nodes.contains(where: \.start) }, y: y, width: width)
        y += legend.height
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\" viewBox=\"0 0 \(width) \(y)\" width=\"\(width)\" height=\"\(y)\" "
        svg += "font-family=\"\(MapSVG.fontFamily)\" font-size=\"\(MapLayout.fontSize)\" role=\"img\" aria-label=\"\(XML.escape(title))\">\n"
        svg += "<title>\(XML.escape(title))</title>\n<desc>Laid out by \(MapDrawer.ownLayoutName).</desc>\n"
        return svg + body + legend.svg + "</svg>\n"
    }
}

/// What the marks of a picture mean, as SVG rows.
enum MapLegend {
    static func svg(marks: Set<MapGraph.Mark>, starts: Bool, y: Int, width: Int) -> (svg: String, height: Int) {
        let shown = [MapGraph.Mark.plain, .added, .unchanged, .removed, .onlyPlatform, .unconfirmed].filter(marks.contains)
        var rows: [(String, String)] = shown.map { mark in
            let look = MapStyle.look(mark)
            let line = "<line x1=\"0\" y1=\"-4\" x2=\"28\" y2=\"-4\" stroke=\"\(look.stroke)\" stroke-width=\"2\"" + (look.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") + "/>"
            return (line, MapStyle.meaning(mark))
        }
        if starts { rows.append(("<rect x=\"4\" y=\"-12\" width=\"20\" height=\"14\" rx=\"3\" fill=\"none\" stroke=\"#4a4a4a\"/><rect x=\"7\" y=\"-9\" width=\"14\" height=\"8\" rx=\"2\" fill=\"none\" stroke=\"#4a4a4a\"/>", "a fixture starts here")) }
        var svg = ""
        for (index, row) in rows.enumerated() {
            svg += "<g transform=\"translate(\(MapLayout.margin),\(y + 18 + index * 20))\">\(row.0)<text x=\"36\" y=\"0\" fill=\"#1f1f1f\">\(XML.escape(row.1))</text></g>\n"
        }
        return (svg, rows.isEmpty ? 0 : rows.count * 20 + 16)
    }
}

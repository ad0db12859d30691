/// A map as a Mermaid flowchart (left to right), one subgraph per picture, for Markdown pages that render Mermaid.
enum MapMermaid {
    static func render(_ graphs: [MapGraph]) -> String {
        var out = "flowchart LR\n"
        var links: [(index: Int, mark: MapGraph.Mark, handoff: Bool)] = []
        for graph in graphs {
            let ids = Dictionary(graph.nodes.enumerated().map { ($1.id, "\(graph.name.replacingOccurrences(of: "-", with: "_"))_\($0)") },
                                 uniquingKeysWith: { a, _ in a })
            out += "  subgraph \(graph.name.replacingOccurrences(of: "-", with: "_"))[\(quote(graph.title))]\n"
            for node in graph.nodes {
                let shape = node.start ? "([\(quote(node.label))])" : "[\(quote(node.label))]"
                out += "    \(ids[node.id]!)\(shape)" + (node.mark == .plain ? "" : ":::\(node.mark.rawValue)") + "\n"
            }
            for edge in graph.edges {
                let arrow = edge.mark == .removed || edge.handoff || edge.mark == .unconfirmed ? "-.->" : "-->"
                out += "    \(ids[edge.from]!) \(arrow)|\(quote(edge.label))| \(ids[edge.to]!)\n"
                links.append((links.count, edge.mark, edge.handoff))
            }
            out += "  end\n"
        }
        for mark in [MapGraph.Mark.added, .removed, .unchanged, .onlyPlatform, .unconfirmed] {
            let look = MapStyle.look(mark)
            out += "  classDef \(mark.rawValue) fill:\(look.fill),stroke:\(look.stroke),color:\(look.text)\n"
        }
        for link in links where link.mark != .plain {
            out += "  linkStyle \(link.index) stroke:\(MapStyle.look(link.mark).stroke)\n"
        }
        return out
    }

    /// A Mermaid quoted label: quotes as the `#quot;` entity.
    private static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "#quot;") + "\""
    }
}

/// A map as Graphviz DOT (left to right), with the same marks as the SVG.
///
/// ```swift
/// let text = MapDOT.render([MapGraph(featureMap)])   // dot -Tsvg draws it
/// ```
enum MapDOT {
    static func render(_ graphs: [MapGraph]) -> String {
        if graphs.count == 1 { return graph(graphs[0], keyword: "digraph") }
        var out = "digraph \"navigation\" {\n  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=11, compound=true];\n"
        for graph in graphs { out += indent(self.graph(graph, keyword: "subgraph", cluster: true)) }
        return out + "}\n"
    }

    /// One graph; in a cluster, node ids are prefixed with the graph's name so features do not share nodes.
    static func graph(_ graph: MapGraph, keyword: String, cluster: Bool = false) -> String {
        let prefix = cluster ? graph.name + "/" : ""
        var out = "\(keyword) \(quote(cluster ? "cluster_" + graph.name : graph.name)) {\n"
        // A cluster names its feature; a picture alone sits under a heading that does.
        out += "  graph [rankdir=LR, " + (cluster ? "label=\(quote(graph.title)), labelloc=t, " : "") + "fontname=\"Helvetica\", fontsize=11, nodesep=0.25, ranksep=0.45];\n"
        out += "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10, height=0.3, margin=\"0.12,0.04\"];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.7];\n"
        for node in graph.nodes {
            let look = MapStyle.look(node.mark)
            var attributes = ["label=\(quote(node.label))", "color=\(quote(look.stroke))", "fillcolor=\(quote(look.fill))",
                              "fontcolor=\(quote(look.text))", "tooltip=\(quote(node.tooltip))"]
            if node.start { attributes.append("peripheries=2") }
            if look.dash != nil { attributes[1...1] = ["color=\(quote(look.stroke))", "style=\"rounded,filled,dashed\""] }
            out += "  \(quote(prefix + node.id)) [\(attributes.joined(separator: ", "))];\n"
        }
        for edge in graph.edges {
            let look = MapStyle.look(edge.mark)
            var attributes = ["label=\(quote(edge.label))", "color=\(quote(look.stroke))", "fontcolor=\(quote(look.text))",
                              "penwidth=\(MapStyle.strokeWidth(edge.weight, mark: edge.mark))", "tooltip=\(quote(edge.tooltip))"]
            if edge.handoff { attributes.append("style=dotted") } else if edge.mark == .removed { attributes.append("style=dashed") }
            else if edge.mark == .unconfirmed { attributes.append("style=dotted") }
            out += "  \(quote(prefix + edge.from)) -> \(quote(prefix + edge.to)) [\(attributes.joined(separator: ", "))];\n"
        }
        return out + "}\n"
    }

    /// A DOT double-quoted string.
    static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
    }
}

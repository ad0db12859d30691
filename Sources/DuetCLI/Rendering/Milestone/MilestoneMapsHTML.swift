import DuetCorpus

extension MilestoneReport {
    /// The navigation map of every feature with L0 fields, the seams between them, and what changed
    /// since the previous milestone — drawn (added, removed dashed, unchanged grey) and said in words.
    func mapsHTML(drawer: MapDrawer?) -> String {
        var out = "<h2>Navigation map</h2>\n"
        guard let navigation else { return out + "<p>This milestone was recorded before maps were kept.</p>\n" }
        guard !navigation.features.isEmpty else { return out + "<p>No feature has an L0 field: there is no map to draw.</p>\n" }
        let change = difference?.navigation
        let comparing = change != nil
        out += "<p>Per feature, the L0 states its fixtures reach (a double border: fixtures start there) and the verbs between them, "
        out += "weighted by the fixtures taking them; “← capture”: the action is delivered by capture through a seam.</p>\n"
        if let difference, let change {
            out += "<p>" + (change.isEmpty ? "Nothing changed on the map since \(XML.escape(difference.previous))."
                : "Since \(XML.escape(difference.previous)): \(XML.escape(Self.summary(change))).") + "</p>\n"
        } else if difference != nil {
            out += "<p>The previous milestone kept no map: nothing to compare with.</p>\n"
        }
        let graphs = [navigation.seams.isEmpty && (change?.removedSeams ?? []).isEmpty ? nil
                        : MapGraph(seams: navigation.seams, removed: change?.removedSeams ?? [], added: change?.addedSeams ?? [],
                                   comparing: comparing, runs: navigation.runs)]
            .compactMap { $0 } + navigation.features.map { MapGraph($0, change: change?.feature($0.feature), comparing: comparing, runs: navigation.runs) }
        out += legendHTML(Set(graphs.flatMap { $0.edges.map(\.mark) + $0.nodes.map(\.mark) }))
        var laidOutBy = Set<String>()
        for graph in graphs {
            out += "<h3 id=\"map-\(graph.name)\">\(XML.escape(graph.title))</h3>\n"
            if graph.name == "seams" {
                out += "<p>\(navigation.seams.count) seam(s) pinned by chain fixtures: a child's delegate case mapped onto its parent's action (solid), "
                out += "or the next step acting in another feature (dotted).</p>\n"
                out += words(seams: change)
            } else if let feature = navigation.feature(graph.title) {
                out += "<p>\(feature.nodes.count) states, \(feature.edges.count) transitions, from \(feature.fixtures) fixtures.</p>\n"
                out += words(feature: feature, change: change?.feature(feature.feature))
            }
            let picture = drawer?.svg(graph) ?? MapDrawer.Picture(svg: MapSVG.render(graph, layout: MapLayout(graph)), laidOutBy: MapDrawer.ownLayoutName)
            laidOutBy.insert(picture.laidOutBy)
            out += "<div class=\"map-box\">\n\(picture.svg)</div>\n"
        }
        return out + "<p>Laid out by \(XML.escape(laidOutBy.sorted().joined(separator: "; "))).</p>\n"
    }

    /// `2 states and 3 transitions added in mainnav, 1 seam removed`.
    static func summary(_ change: NavigationMapDifference) -> String {
        var parts: [String] = []
        for feature in change.features {
            var bits: [String] = []
            func count(_ n: Int, _ what: String, _ verb: String) { if n > 0 { bits.append("\(n) \(what)\(n == 1 ? "" : "s") \(verb)") } }
            count(feature.addedNodes.count, "state", "added"); count(feature.addedEdges.count, "transition", "added")
            count(feature.removedNodes.count, "state", "removed"); count(feature.removedEdges.count, "transition", "removed")
            parts.append(bits.joined(separator: ", ") + " in \(feature.feature)")
        }
        if !change.addedSeams.isEmpty { parts.append("\(change.addedSeams.count) seam(s) added") }
        if !change.removedSeams.isEmpty { parts.append("\(change.removedSeams.count) seam(s) removed") }
        return parts.joined(separator: "; ")
    }

    private func words(feature: FeatureMap, change: NavigationMapDifference.FeatureChange?) -> String {
        var lines: [String] = []
        for node in change?.addedNodes ?? [] { lines.append("added the state \(node.id)") }
        for edge in change?.addedEdges ?? [] { lines.append("added \(edge.verb) from \(edge.from) to \(edge.to)") }
        for node in change?.removedNodes ?? [] { lines.append("removed the state \(node.id)") }
        for edge in change?.removedEdges ?? [] { lines.append("removed \(edge.verb) from \(edge.from) to \(edge.to)") }
        let platforms = navigation?.runs.map(\.platform) ?? []
        if platforms.count > 1 {
            for edge in feature.edges where edge.platforms?.count == 1 {
                lines.append("only \(edge.platforms![0]) takes \(edge.verb) from \(edge.from) to \(edge.to)" + (edge.recorded ? "" : " (no fixture records it)"))
            }
        }
        if !platforms.isEmpty {
            for edge in feature.edges where edge.platforms?.isEmpty == true { lines.append("no stored run showed \(edge.verb) from \(edge.from) to \(edge.to)") }
        }
        return lines.isEmpty ? "" : "<ul class=\"map-words\">" + lines.map { "<li>\(XML.escape($0))</li>" }.joined() + "</ul>\n"
    }

    private func words(seams change: NavigationMapDifference?) -> String {
        let lines = (change?.addedSeams ?? []).map { "added the seam \($0.key)" } + (change?.removedSeams ?? []).map { "removed the seam \($0.key)" }
        return lines.isEmpty ? "" : "<ul class=\"map-words\">" + lines.map { "<li>\(XML.escape($0))</li>" }.joined() + "</ul>\n"
    }

    private func legendHTML(_ marks: Set<MapGraph.Mark>) -> String {
        let shown = [MapGraph.Mark.plain, .added, .unchanged, .removed, .onlyPlatform, .unconfirmed].filter(marks.contains)
        guard !shown.isEmpty else { return "" }
        return "<p class=\"legend-marks\">" + shown.map { mark in
            let look = MapStyle.look(mark)
            return "<span><i style=\"border-top-color:\(look.stroke);border-top-style:\(look.dash == nil ? "solid" : "dashed")\"></i>\(XML.escape(MapStyle.meaning(mark)))</span>"
        }.joined() + "</p>\n"
    }
}

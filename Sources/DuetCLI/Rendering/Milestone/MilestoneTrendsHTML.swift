import DuetCorpus

extension MilestoneTrend {
    /// The trend section: small charts over every stored milestone up to this one.
    func html() -> String {
        let names = points.map(\.name)
        var out = "<p>Over \(points.count) milestone\(points.count == 1 ? "" : "s") (oldest first)"
        out += points.count == 1 ? ": the first one, so each chart has one point.</p>\n" : ", \(XML.escape(names.first!)) to \(XML.escape(names.last!)).</p>\n"
        var charts: [(String, String)] = []
        charts.append((SVGCharts.lines(title: "Fixtures and steps", series: [
            .init(name: "fixtures", color: "#4e79a7", values: points.map(\.fixtures)),
            .init(name: "steps", color: "#e15759", values: points.map(\.steps)),
        ], labels: names), "Fixtures stored, and their steps."))
        charts.append((SVGCharts.lines(title: "Census: L0 fields", series: MilestoneReport.primitiveColors.map { primitive, color in
            .init(name: primitive.rawValue, color: color, values: points.map { $0.census[primitive] })
        }, labels: names), "Declared L0 fields per primitive."))
        charts.append((SVGCharts.lines(title: "Kinds reached", series: [
            .init(name: "reached", color: "#2e9e4f", values: points.map(\.kindsReached)),
            .init(name: "declared", color: "#9a9a9a", values: points.map(\.kindsDeclared)),
        ], labels: names), "Declared kinds a fixture reaches (kind coverage), against the kinds declared."))
        if points.contains(where: { $0.mapStates != nil }) {
            charts.append((SVGCharts.lines(title: "Navigation map", series: [
                .init(name: "states", color: "#76b7b2", values: points.map(\.mapStates)),
                .init(name: "transitions", color: "#b07aa1", values: points.map(\.mapTransitions)),
            ], labels: names), "States and transitions on the map (none before maps were recorded)."))
        }
        if points.contains(where: { $0.actionCases != nil }) {
            charts.append((SVGCharts.lines(title: "Action coverage", series: [
                .init(name: "by fixtures", color: "#2e9e4f", values: points.map { $0.actionCases?.byFixtures }),
                .init(name: "only explore", color: "#f28e2b", values: points.map { $0.actionCases?.exploreOnly }),
                .init(name: "declared", color: "#9a9a9a", values: points.map { $0.actionCases?.declared }),
            ], labels: names), "Declared action cases a fixture sends, those only explore reached, against the cases declared (none before coverage was recorded)."))
        }
        let rows = platforms.flatMap { platform -> [(label: String, cells: [(status: String, failing: Int)?])] in
            [("verify \(platform)", points.map { $0.verify[platform].map { ($0.status, $0.failing) } }),
             ("drill \(platform)", points.map { $0.drill[platform].map { ($0.status, $0.failing) } })]
        }.filter { row in row.cells.contains { $0 != nil } }
        if !rows.isEmpty {
            charts.append((SVGCharts.statusStrip(title: "Verify and drill", rows: rows, labels: names),
                           "Each gate per platform at each milestone; the number is the fixtures it failed."))
            let failing = platforms.flatMap { platform -> [SVGCharts.Series] in
                [.init(name: "verify \(platform)", color: platform == platforms.first ? "#d23b3b" : "#f28e2b",
                       values: points.map { $0.verify[platform]?.failing }),
                 .init(name: "drill \(platform)", color: platform == platforms.first ? "#7b2d26" : "#b07aa1",
                       values: points.map { $0.drill[platform]?.failing })]
            }.filter { $0.values.contains { $0 != nil } }
            charts.append((SVGCharts.lines(title: "Failing fixtures", series: failing, labels: names),
                           "Fixtures failing each gate, per platform."))
        }
        out += "<div class=\"charts\">\n"
        for (svg, caption) in charts { out += "<figure>\n\(svg)<figcaption>\(XML.escape(caption))</figcaption></figure>\n" }
        return out + "</div>\n"
    }
}

import DuetCorpus

extension NavigationMap {
    /// The pictures of the map: the seams between features first (when chains pin any), then each feature.
    var graphs: [MapGraph] {
        (seams.isEmpty ? [] : [MapGraph(seams: seams, runs: runs)]) + features.map { MapGraph($0, runs: runs) }
    }

    var pictureTitle: String {
        "Navigation map" + (features.count == 1 ? " of \(features[0].feature)" : "") + (platform.map { ", as \($0)'s latest full run showed it" } ?? "")
    }

    /// Every transition (and seam) as a table row.
    var table: Table {
        let columns = ["feature", "from", "verb", "to", "fixtures", "steps", "platforms", "note"]
        func platformsCell(_ platforms: [String]?) -> Table.Cell {
            guard let platforms else { return .none }
            return .text(platforms.joined(separator: " "))
        }
        var rows: [[Table.Cell]] = []
        for feature in features {
            for edge in feature.edges {
                var note: [String] = []
                if let delivered = edge.deliveredBy { note.append("delivered by " + delivered.joined(separator: ", ")) }
                if !edge.recorded { note.append("no fixture records it") }
                let row: [Table.Cell] = [.text(feature.feature), .text(edge.from), .text(edge.verb), .text(edge.to), .int(edge.fixtures),
                                         .int(edge.steps), platformsCell(edge.platforms), .text(note.joined(separator: "; "))]
                rows.append(row)
            }
        }
        for seam in seams {
            let row: [Table.Cell] = [.text("(seam)"), .text(seam.from + "." + seam.fromVerb), .text(seam.kind.rawValue),
                                     .text(seam.to + (seam.toVerb.map { "." + $0 } ?? "")), .int(seam.chains), .none, platformsCell(seam.platforms), .text("")]
            rows.append(row)
        }
        return Table(columns: columns, rows: rows)
    }
}

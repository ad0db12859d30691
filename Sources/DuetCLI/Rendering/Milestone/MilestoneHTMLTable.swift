/// A table of the page in its own scrolling box. On a phone a table of more than three columns
/// becomes one card per row, each cell labelled with its column, so no column hides behind a scroll.
enum MilestoneHTMLTable {
    /// `cells` are HTML already (escaped by the caller); `text` is what they read as, for sizing.
    static func render(columns: [String], cells: [[String]], text: [[String]]? = nil) -> String {
        let cards = fitsAPhone(columns: columns, rows: text ?? cells) == false
        var out = "<div class=\"scroll\"><table\(cards ? " class=\"cards\"" : "")>\n<tr class=\"head\">"
        out += columns.map { "<th>\(XML.escape($0))</th>" }.joined() + "</tr>\n"
        for row in cells {
            out += "<tr>" + zip(columns, row).map { "<td data-label=\"\(XML.escape($0))\">\($1)</td>" }.joined() + "</tr>\n"
        }
        return out + "</table></div>\n"
    }

    static func render(columns: [String], rows: [[String]]) -> String {
        render(columns: columns, cells: rows.map { $0.map(XML.escape) }, text: rows)
    }

    /// Whether the table reads on a 390 px screen as a table: each column as wide as its header or
    /// its longest word, at about 7 px a character plus padding.
    static func fitsAPhone(columns: [String], rows: [[String]]) -> Bool {
        guard columns.count > 3 else { return true }
        let width = columns.indices.map { column -> Int in
            // Headers do not wrap; cells wrap at spaces.
            let words = rows.compactMap { $0.indices.contains(column) ? $0[column] : nil }.flatMap { $0.split(separator: " ") }.map(\.count)
            return max(columns[column].count, words.max() ?? 0) * 7 + 16
        }.reduce(0, +)
        return width <= 360
    }
}

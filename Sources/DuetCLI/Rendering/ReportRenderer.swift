import Duet

/// Writes a `Report` in one of the four formats.
enum ReportRenderer {
    static func render(_ report: Report, as format: OutputFormat) -> String {
        switch format {
        case .json: return json(report).prettyString
        case .table: return report.readSections.map(table).joined(separator: "\n")
        case .md: return report.readSections.map(markdown).joined(separator: "\n")
        case .csv: return report.sections.compactMap(csv).joined(separator: "\n")
        }
    }

    // MARK: - JSON

    static func json(_ report: Report) -> JSONValue {
        let body = bareJSON(report)
        guard let verdict = report.verdict else { return body }
        return verdict.merged(into: body, listKey: report.sections.first?.id ?? "rows")
    }

    private static func bareJSON(_ report: Report) -> JSONValue {
        if let json = report.json { return json }
        if report.sections.count == 1, case .table(let table) = report.sections[0].content { return rows(table) }
        var object = JSONObject()
        for section in report.sections {
            switch section.content {
            case .table(let table): object[section.id] = rows(table)
            case .text(let text): object[section.id] = .string(text)
            }
        }
        return .object(object)
    }

    private static func rows(_ table: Table) -> JSONValue {
        .array(table.rows.map { row in
            var object = JSONObject()
            for (column, cell) in zip(table.columns, row) { object[column] = cell.json }
            return .object(object)
        })
    }

    // MARK: - Table

    private static func table(_ section: Report.Section) -> String {
        var out = section.title.map { "\($0)\n" } ?? ""
        switch section.content {
        case .text(let text):
            out += text.hasSuffix("\n") || text.isEmpty ? text : text + "\n"
        case .table(let table):
            out += String(decoding: tableBytes(table), as: UTF8.self)
        }
        return out
    }

    /// A table's lines: each value padded to its column's width (in characters), two spaces
    /// between columns, no trailing spaces. Built as bytes, numbers written digit by digit and
    /// text copied from its contiguous UTF-8: thousands of rows are common.
    private static func tableBytes(_ table: Table) -> [UInt8] {
        let header = table.columns.map { Table.Cell.text($0) }
        let lengths = table.rows.map { $0.prefix(header.count).map(TableCell.width) }
        var widths = header.map(TableCell.width)
        for row in lengths { for (i, length) in row.enumerated() where length > widths[i] { widths[i] = length } }
        let rule = widths.map { Table.Cell.text(String(repeating: "-", count: $0)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((widths.reduce(0, +) + 2 * widths.count + 1) * (table.rows.count + 2))
        func line(_ cells: ArraySlice<Table.Cell>, _ lengths: [Int]) {
            for (i, cell) in cells.enumerated() {
                if i > 0 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2)) }
                TableCell.append(cell, to: &bytes)
                bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, widths[i] - lengths[i])))
            }
            while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
            bytes.append(UInt8(ascii: "\n"))
        }
        line(header[...], header.map(TableCell.width))
        line(rule[...], widths)
        for (row, length) in zip(table.rows, lengths) { line(row.prefix(header.count), length) }
        return bytes
    }

    // MARK: - Markdown

    private static func markdown(_ section: Report.Section) -> String {
        var out = section.title.map { "## \($0)\n\n" } ?? ""
        switch section.content {
        case .text(let text):
            out += text.hasSuffix("\n") || text.isEmpty ? text : text + "\n"
        case .table(let table):
            func escape(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
            out += "| " + table.columns.map(escape).joined(separator: " | ") + " |\n"
            out += "|" + table.columns.map { _ in " --- |" }.joined() + "\n"
            for row in table.rows { out += "| " + row.map { escape($0.display) }.joined(separator: " | ") + " |\n" }
        }
        return out
    }

    // MARK: - CSV

    private static func csv(_ section: Report.Section) -> String? {
        guard case .table(let table) = section.content else { return nil }
        func field(_ s: String) -> String {
            s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
        }
        var out = table.columns.map(field).joined(separator: ",") + "\r\n"
        for row in table.rows { out += row.map { field($0.display) }.joined(separator: ",") + "\r\n" }
        return out
    }
}

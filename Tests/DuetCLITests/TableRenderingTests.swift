import XCTest
@testable import DuetCLI

/// The plain-table form: columns padded to the widest cell, two spaces apart, no trailing spaces.
final class TableRenderingTests: XCTestCase {
    func testColumnsArePaddedToTheWidestCellWithoutTrailingSpaces() {
        let table = Table(columns: ["fixture", "n", "left_by"], rows: [
            [.text("capture.camera"), .int(12), .none],
            [.text("x"), .int(3), .text("modalDismissed")],
            [.text("é-accent"), .none, .text("b ")],
        ])
        let text = ReportRenderer.render(Report(table, title: "Touches"), as: .table)
        XCTAssertEqual(text, """
            Touches
            fixture         n   left_by
            --------------  --  --------------
            capture.camera  12
            x               3   modalDismissed
            é-accent            b

            """)
        // Negative control: one wider cell widens its whole column.
        let wider = Table(columns: ["a", "b"], rows: [[.text("aaaa"), .text("b")], [.text("a"), .text("b")]])
        XCTAssertEqual(ReportRenderer.render(Report(wider), as: .table), "a     b\n----  -\naaaa  b\na     b\n")
    }

    func testEveryCellIsWrittenAsItsDisplayForm() {
        let cells: [Table.Cell] = [.int(0), .int(7), .int(-7), .int(10), .int(1_234_567_890), .int(Int.max), .int(Int.min),
                                   .bool(true), .bool(false), .text("ünïcode"), .text(""), .none]
        for cell in cells {
            let width = max(1, cell.display.count)
            let expected = "c\n" + String(repeating: "-", count: width) + "\n" + cell.display + "\n"
            XCTAssertEqual(ReportRenderer.render(Report(Table(columns: ["c"], rows: [[cell]])), as: .table),
                           expected.replacingOccurrences(of: " \n", with: "\n"), "\(cell)")
        }
        // Negative control: a wider number widens its column, padding the narrower one before the next column.
        let numbers = Table(columns: ["n", "x"], rows: [[.int(-1_000), .text("a")], [.int(5), .text("b")]])
        XCTAssertEqual(ReportRenderer.render(Report(numbers), as: .table), "n      x\n-----  -\n-1000  a\n5      b\n")
    }
}

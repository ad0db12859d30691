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
}

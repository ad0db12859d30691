/// How a table cell is written in the table format: its bytes and its width in characters,
/// without building a `String` for a number.
enum TableCell {
    /// Characters the cell takes: an ASCII value is as wide as its bytes, anything else is counted
    /// in characters.
    static func width(_ cell: Table.Cell) -> Int {
        switch cell {
        case .text(let text): return width(text)
        case .int(let int): return digits(int) + (int < 0 ? 1 : 0)
        case .bool, .none: return cell.display.utf8.count
        }
    }

    static func width(_ text: String) -> Int {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 < 0x80 }
        } ?? text.utf8.allSatisfy { $0 < 0x80 }
        return ascii ? text.utf8.count : text.count
    }

    /// Appends the cell's display form (`Table.Cell.display`).
    static func append(_ cell: Table.Cell, to bytes: inout [UInt8]) {
        switch cell {
        case .text(let text):
            if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                bytes.append(contentsOf: text.utf8)
            }
        case .int(let int):
            if int < 0 { bytes.append(UInt8(ascii: "-")) }
            let count = digits(int)
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
            var rest = int.magnitude
            for position in stride(from: start + count - 1, through: start, by: -1) {
                bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        case .bool, .none:
            bytes.append(contentsOf: cell.display.utf8)
        }
    }

    /// Decimal digits of `value`'s magnitude (1 for 0).
    private static func digits(_ value: Int) -> Int {
        var rest = value.magnitude, count = 1
        while rest >= 10 { rest /= 10; count += 1 }
        return count
    }
}

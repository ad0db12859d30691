/// The distinct texts of a column read over many rows, each made a `String` once: for columns
/// holding a handful of short words (fields, verbs) across thousands of rows.
///
/// ```swift
/// var words = TextInterner()
/// let field = words.index(of: row, at: 1)     // the same small number for every "slot"
/// words.words[field]                          // "slot"
/// ```
struct TextInterner {
    /// The texts seen, in the order first seen; an index is a position here.
    private(set) var words: [String] = []
    private var bytes: [[UInt8]] = []

    /// The position of the column's text among those seen, adding it when new (NULL reads as "").
    mutating func index(of row: Statement, at column: Int32) -> Int {
        row.withTextBytes(at: column) { text in
            if let known = bytes.firstIndex(where: { $0.elementsEqual(text) }) { return known }
            bytes.append(Array(text))
            words.append(String(decoding: text, as: UTF8.self))
            return words.count - 1
        }
    }
}

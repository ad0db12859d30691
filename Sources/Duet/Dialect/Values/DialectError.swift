/// A strict-parse failure at a 1-based line and column; the column counts bytes from the
/// start of the line.
///
/// ```swift
/// do { _ = try CanonicalJSON.parse("{\"a\": 1.5}") }
/// catch { print(error) }   // 1:7: fraction or exponent in a number; …
/// ```
public struct DialectError: Error, Sendable, CustomStringConvertible, Equatable {
    public var line: Int
    public var column: Int
    public var message: String
    public init(line: Int, column: Int, message: String) { self.line = line; self.column = column; self.message = message }
    public var description: String { "\(line):\(column): \(message)" }
}

/// Why a value could not be encoded or decoded, with the coding path (`steps[2].amount`).
public struct CodingRefusal: Error, Sendable, CustomStringConvertible {
    public var codingPath: String
    public var message: String
    public init(codingPath: String, message: String) { self.codingPath = codingPath; self.message = message }
    public var description: String { "\(codingPath.isEmpty ? "(root)" : codingPath): \(message)" }
}

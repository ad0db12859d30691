/// Bad input that the user can fix: where it is and what to do.
///
/// ```swift
/// throw InputError(file: "parity/fixtures/timeline.fixture.json", line: 5, column: 12,
///                  message: "a fraction is not allowed", fix: "record amounts as integer cents")
/// ```
public struct InputError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String
    public var fix: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String, fix: String? = nil) {
        self.file = file; self.line = line; self.column = column; self.message = message; self.fix = fix
    }

    /// Places a dialect error in the file it came from.
    public init(file: String, _ error: DialectError, fix: String? = nil) {
        self.init(file: file, line: error.line, column: error.column, message: error.message, fix: fix)
    }

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return "\(place): \(message)" + (fix.map { " — \($0)" } ?? "")
    }
}

/// Something about the environment stops the work: a runner missing, a database locked.
public struct EnvironmentError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var fix: String?
    public init(_ message: String, fix: String? = nil) { self.message = message; self.fix = fix }
    public var description: String { message + (fix.map { " — \($0)" } ?? "") }
}

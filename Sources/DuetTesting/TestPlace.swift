/// Where a test wrote a step: the place a failure is reported at, taken from the call's
/// `#fileID`, `#filePath`, `#line` and `#column` defaults.
///
/// ```swift
/// TestStoreReporting.record("the sheet is still up", at: TestPlace())   // this line, in this test
/// ```
public struct TestPlace: Sendable, CustomStringConvertible {
    public var fileID: StaticString
    public var filePath: StaticString
    public var line: UInt
    public var column: UInt

    public init(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.fileID = fileID; self.filePath = filePath; self.line = line; self.column = column
    }

    public var file: String { String(describing: filePath) }

    public var description: String { "\(file):\(line)" }
}

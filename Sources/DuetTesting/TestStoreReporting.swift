import Foundation
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Where DuetTesting's helpers report what they find: at the test's own place, in whichever
/// framework runs the test — an `Issue` of the running Swift Testing test, else a failure of the
/// running XCTest; a line on stderr where neither runs.
///
/// ```swift
/// TestStoreReporting.record("the sheet is still up", at: TestPlace())   // fails the running test at this line
/// ```
public enum TestStoreReporting {
    /// Every failure recorded at its place. A `.partial` store's list of what it skipped is a note:
    /// a warning under Swift Testing, a line on stderr under XCTest.
    public static let `default`: @Sendable (TestStoreFailure) -> Void = { failure in
        guard failure.rule == .skipped else { return record(failure.message, at: failure.place) }
        #if canImport(Testing)
        if isSwiftTestingRunning {
            Issue.record(Comment(rawValue: failure.message), severity: .warning, sourceLocation: sourceLocation(failure.place))
            return
        }
        #endif
        FileHandle.standardError.write(Data((failure.description + "\n").utf8))
    }

    /// True while a Swift Testing test runs on this task (in an XCTest or a plain program: false).
    public static var isSwiftTestingRunning: Bool {
        #if canImport(Testing)
        return Test.current != nil
        #else
        return false
        #endif
    }

    /// Fails the running test with `message` at `place`.
    public static func record(_ message: String, at place: TestPlace) {
        #if canImport(Testing)
        if isSwiftTestingRunning {
            Issue.record(Comment(rawValue: message), severity: .error, sourceLocation: sourceLocation(place))
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: place.filePath, line: place.line)
        #else
        FileHandle.standardError.write(Data("\(place): \(message)\n".utf8))
        #endif
    }

    #if canImport(Testing)
    private static func sourceLocation(_ place: TestPlace) -> SourceLocation {
        SourceLocation(fileID: String(describing: place.fileID), filePath: place.file, line: Int(place.line), column: Int(place.column))
    }
    #endif
}

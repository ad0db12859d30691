import CSQLite
import Dispatch

/// How long a `query sql` statement may run and how large its result may grow.
///
/// ```swift
/// let result = try corpus.readOnlyQuery(sql, limits: ReadOnlyQueryLimits(timeout: 5, maximumRows: 1_000))
/// ```
public struct ReadOnlyQueryLimits: Sendable, Equatable {
    /// Seconds of running time before the statement is interrupted.
    public var timeout: Double
    public var maximumRows: Int
    /// Bytes of all values together (text and blobs by length, numbers as 8); also the largest single value.
    public var maximumBytes: Int

    public init(timeout: Double = 30, maximumRows: Int = 100_000, maximumBytes: Int = 64 << 20) {
        self.timeout = timeout; self.maximumRows = maximumRows; self.maximumBytes = maximumBytes
    }

    public static let `default` = ReadOnlyQueryLimits()
}

/// A statement stopped at one of its limits; nothing of its result is returned.
public struct ReadOnlyQueryLimitReached: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Limit: Sendable, Equatable {
        case timeout(Double)
        case rows(Int)
        case bytes(Int)
    }
    public var limit: Limit

    public var description: String {
        switch limit {
        case .timeout(let seconds):
            return "stopped: the statement ran longer than \(Self.seconds(seconds)) — narrow it (an endless recursive CTE never ends), or raise --timeout"
        case .rows(let rows):
            return "stopped: the result has more than \(rows) rows — add LIMIT or a narrower WHERE, or raise --max-rows"
        case .bytes(let bytes):
            return "stopped: the result holds more than \(bytes) bytes — select fewer or smaller columns, or raise --max-bytes"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))s" : "\(value)s"
    }
}

/// Interrupts statements on one connection once `seconds` have passed, through SQLite's progress
/// handler (called every few thousand virtual-machine steps, so also inside a row that never comes).
final class QueryDeadline {
    private let end: UInt64
    private(set) var expired = false

    init(seconds: Double) {
        end = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, min(seconds, 1e9)) * 1e9)
    }

    func watch<T>(_ connection: OpaquePointer, _ body: () throws -> T) rethrows -> T {
        sqlite3_progress_handler(connection, 4_096, { context in
            let deadline = Unmanaged<QueryDeadline>.fromOpaque(context!).takeUnretainedValue()
            if DispatchTime.now().uptimeNanoseconds >= deadline.end { deadline.expired = true }
            return deadline.expired ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
        defer { sqlite3_progress_handler(connection, 0, nil, nil) }
        return try withExtendedLifetime(self) { try body() }
    }
}

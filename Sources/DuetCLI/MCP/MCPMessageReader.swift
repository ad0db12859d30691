import Foundation

/// Messages of MCP's stdio transport, one per line, read as bytes (never decoded, so invalid
/// UTF-8 reaches the parser as it came) and capped: a line longer than `maximumBytes` is skipped
/// to its end without being kept, so a 100 MB line costs one buffer of the cap, not 100 MB.
///
/// ```swift
/// let reader = MCPMessageReader(fileDescriptor: 0, maximumBytes: 4 << 20)
/// while let message = reader.next() {
///     switch message { case .line(let bytes): …; case .tooLarge(let size): … }
/// }
/// ```
final class MCPMessageReader {
    enum Message: Equatable {
        case line([UInt8])
        /// A line over the cap; `bytes` is its length (up to and without its newline, or the end of input).
        case tooLarge(bytes: Int)
    }

    /// Four mebibytes: far more than any request of these tools, far less than a memory worth guarding.
    static let defaultMaximumBytes = 4 << 20

    let maximumBytes: Int
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 << 10)
    private var start = 0
    /// Where the search for the next newline resumes: bytes before it hold none.
    private var searched = 0
    private var ended = false

    init(fileDescriptor: Int32, maximumBytes: Int = defaultMaximumBytes) {
        self.descriptor = fileDescriptor
        self.maximumBytes = maximumBytes
    }

    /// The next message, nil at the end of input (a last line without a newline still counts).
    func next() -> Message? {
        var skipped = 0
        while true {
            if let newline = newline(from: max(start, searched)) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                searched = start
                compact()
                if skipped > 0 { return .tooLarge(bytes: skipped + line.count) }
                return line.count > maximumBytes ? .tooLarge(bytes: line.count) : .line(line)
            }
            if buffer.count - start > maximumBytes {
                // Over the cap with no end in sight: keep nothing of it and read on to its newline.
                skipped += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            searched = buffer.count
            if ended {
                let rest = Array(buffer[start...])
                buffer = []; start = 0; searched = 0
                if skipped > 0 { return .tooLarge(bytes: skipped + rest.count) }
                return rest.isEmpty ? nil : .line(rest)
            }
            fill()
        }
    }

    /// The index of the first newline at or after `from`; `memchr`, since a long line is searched chunk by chunk.
    private func newline(from: Int) -> Int? {
        guard from < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { bytes in
            memchr(bytes.baseAddress! + from, 0x0A, bytes.count - from).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress! }
        }
    }

    private func fill() {
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { ended = true; return }
            chunk.withUnsafeBufferPointer { buffer.append(contentsOf: $0.prefix(count)) }
            return
        }
    }

    private func compact() {
        if start > 1 << 20 || start == buffer.count {
            buffer.removeFirst(start)
            searched -= start
            start = 0
        }
    }
}

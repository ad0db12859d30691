#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Blocking line reader over a file descriptor (the runner's stdin).
package struct LineReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init(fd: Int32) { self.fd = fd }

    /// The next line without its newline; nil at EOF (a final unterminated line is returned first).
    mutating func nextLine() -> [UInt8]? {
        var scanFrom = start
        while true {
            if let newline = Self.newline(in: buffer, from: scanFrom) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                if start > 1 << 16 { buffer.removeSubrange(0..<start); start = 0 }
                return line
            }
            scanFrom = buffer.count
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }
}

extension LineReader {
    package static func newline(in buffer: [UInt8], from start: Int) -> Int? {
        guard start < buffer.count else { return nil }
        return buffer.withUnsafeBytes { raw in
            memchr(raw.baseAddress! + start, 0x0A, raw.count - start).map { $0 - UnsafeMutableRawPointer(mutating: raw.baseAddress!) }
        }
    }
}

/// Writes whole lines to a descriptor, one `write` loop per line (so each line is flushed).
struct LineWriter {
    let fd: Int32

    /// false when the reader is gone.
    func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 { if errno == EINTR { continue }; return false }
                offset += written
            }
            return true
        }
    }
}

#if canImport(Glibc)
package let systemWrite = Glibc.write
package let systemRead = Glibc.read
#elseif canImport(Darwin)
package let systemWrite = Darwin.write
package let systemRead = Darwin.read
#endif

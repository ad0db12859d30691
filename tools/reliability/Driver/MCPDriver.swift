import Foundation
import Duet

/// `duet mcp` against a hostile client: file arguments outside the tree (a system file, a device,
/// a FIFO, `..`, a link out of the tree), a message far over the cap, invalid UTF-8, a fractional
/// id and a burst of requests. Every reply comes within a bound, nothing of a refused file or
/// message comes back, the server's memory stays bounded, and the session goes on.
struct MCPDriver {
    let tools: Workspace
    let quick: Bool

    static let replySeconds = 10.0
    static let serverMegabytesBound = 128.0

    func run() throws -> Report {
        let work = try tools.folder("mcp")
        let tree = work.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try Data("census:\n  rulings: []\n".utf8).write(to: tree.appendingPathComponent("parity/manifest.yaml"))
        let secret = work.appendingPathComponent("secret.yaml")
        try Data("secret_key_name: hunter2\n".utf8).write(to: secret)
        guard mkfifo(tree.appendingPathComponent("parity/pipe.yaml").path, 0o600) == 0 else { throw DriverFailure("cannot make a FIFO") }
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("parity/link.yaml").path, withDestinationPath: secret.path)
        let corpus = work.appendingPathComponent("corpus.db")
        try tools.duet(["--corpus", corpus.path, "corpus", "load", tools.seed.path], in: work).expect(0, "loading the seed")

        let server = try MCPSession([tools.duet, "--corpus", corpus.path, "mcp"], in: tree)
        defer { server.close() }
        var report = Report(name: "mcp")
        func check(_ what: String, _ ok: Bool, _ detail: @autoclosure () -> String) {
            if !ok { report.violations.append("\(what): \(detail().prefix(300))") }
        }
        _ = try server.request(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}"#)

        // Paths.
        let paths = ["/etc/shadow", "/dev/zero", "parity/pipe.yaml", secret.path, "../secret.yaml", "parity/link.yaml", "parity"]
        var slowest = 0.0
        for path in paths {
            for tool in ["census", "lint"] {
                let started = Date()
                let reply = try server.request(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"\#(tool)","arguments":{"manifest":\#(JSONValue.string(path).canonicalString)}}}"#)
                slowest = max(slowest, Date().timeIntervalSince(started))
                check("\(tool) \(path)", reply.contains(#""isError":true"#) && !reply.contains("secret_key_name"), reply)
            }
        }
        let inside = try server.request(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"census","arguments":{"manifest":"parity/manifest.yaml"}}}"#)
        check("the control: a manifest inside the tree", inside.contains(#""isError":false"#), inside)
        report.figures.append("\(paths.count * 2) calls with a file outside the tree (system file, device, FIFO, ..; a link out; a folder): all refused, none read, slowest reply \(milliseconds(slowest))")

        // Sizes.
        let size = quick ? 16 << 20 : 100 << 20
        let before = server.peakMegabytes
        let started = Date()
        server.send(Array(#"{"jsonrpc":"2.0","id":3,"method":"ping","params":{"x":""#.utf8) + [UInt8](repeating: 0x41, count: size) + Array(#""}}"#.utf8))
        let large = try server.readLine()
        let largeSeconds = Date().timeIntervalSince(started)
        check("a \(size >> 20) MB message", large.contains("-32600") && large.utf8.count < 1_000 && !large.contains("AAAA"), large)
        let peak = server.peakMegabytes
        check("the server's memory", peak <= Self.serverMegabytesBound, "peak \(megabytes(peak)), more than \(megabytes(Self.serverMegabytesBound))")
        report.figures.append("a \(size >> 20) MB message: refused (-32600) in \(milliseconds(largeSeconds)) with a \(large.utf8.count)-byte reply, nothing echoed; "
                              + "the server's peak memory \(megabytes(before)) before, \(megabytes(peak)) after (cap 4 MiB)")

        // Bytes and ids.
        server.send(Array(#"{"jsonrpc":"2.0","id":4,"method":"ping","params":{"x":""#.utf8) + [0xFF, 0xFE] + Array(#""}}"#.utf8))
        let utf8 = try server.readLine()
        check("invalid UTF-8", utf8.contains("-32700") && utf8.contains(#""id":null"#), utf8)
        let fractional = try server.request(#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#)
        check("id 1.5", fractional == #"{"id":1.5,"jsonrpc":"2.0","result":{}}"#, fractional)
        report.figures.append("invalid UTF-8: \(utf8.contains("-32700") ? "-32700 (parse error)" : "not a parse error"); id 1.5: answered with \(fractional.hasPrefix(#"{"id":1.5"#) ? "id 1.5" : "another id")")

        // A burst.
        let burst = quick ? 1_000 : 5_000
        let burstStarted = Date()
        server.send(Array((0..<burst).map { #"{"jsonrpc":"2.0","id":\#($0 + 10),"method":"ping"}"# }.joined(separator: "\n").utf8))
        var answered = 0
        for index in 0..<burst where (try? server.readLine())?.hasPrefix(#"{"id":\#(index + 10),"#) == true { answered += 1 }
        check("the burst", answered == burst, "\(answered) of \(burst) answered in order")
        report.figures.append("\(burst) requests in one burst: \(answered) answered, in \(duration(Date().timeIntervalSince(burstStarted)))")
        return report
    }
}

/// A server over pipes, read on a thread of its own so a burst of replies never blocks the
/// requests; each line waited for at most `MCPDriver.replySeconds`.
final class MCPSession {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private let lines = Locked([String]())
    private let arrived = DispatchSemaphore(value: 0)

    init(_ arguments: [String], in directory: URL) throws {
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.currentDirectoryURL = directory
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        Thread.detachNewThread { [lines, arrived] in
            var buffered: [UInt8] = []
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                buffered += Array(data)
                while let newline = buffered.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffered[..<newline], as: UTF8.self)
                    buffered.removeFirst(newline + 1)
                    lines.withLock { $0.append(line) }
                    arrived.signal()
                }
            }
        }
    }

    func send(_ bytes: [UInt8]) { input.fileHandleForWriting.write(Data(bytes + [0x0A])) }

    func request(_ line: String) throws -> String {
        send(Array(line.utf8))
        return try readLine()
    }

    func readLine() throws -> String {
        guard arrived.wait(timeout: .now() + MCPDriver.replySeconds) == .success else {
            throw DriverFailure("the server gave no reply within \(duration(MCPDriver.replySeconds))")
        }
        return lines.withLock { $0.removeFirst() }
    }

    /// The server's resident high-water mark (`VmHWM`), while it runs.
    var peakMegabytes: Double { MeasuredRun.highWaterMegabytes(process.processIdentifier) }

    func close() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

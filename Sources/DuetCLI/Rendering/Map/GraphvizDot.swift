import Foundation

/// Graphviz's `dot`, found on `PATH`, laying a map out as SVG. Anything that goes wrong (not
/// installed, a crash, a hang, output that is not SVG) is a reason to fall back, never a failure.
///
/// ```swift
/// if let dot = GraphvizDot.locate(path: environment["PATH"]) { let svg = try dot.svg(MapDOT.render([graph]), name: "mainnav") }
/// ```
struct GraphvizDot {
    let executable: String

    static func locate(path: String?) -> GraphvizDot? {
        for directory in (path ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/dot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return GraphvizDot(executable: candidate) }
        }
        return nil
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Lays `dot` text out; the SVG element alone (no prolog, no comments), its ids prefixed with
    /// `name` so several maps can share a page, and a `<desc>` naming the Graphviz version.
    func svg(_ text: String, name: String, timeout: Double = 30) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-Tsvg"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw Failure(description: "cannot start \(executable): \(error.localizedDescription)") }
        let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
        // Written from another thread: dot may fill its output pipe before it has read all of its input.
        // A dot that exits without reading makes the write fail (EPIPE), not this process die.
        signal(SIGPIPE, SIG_IGN)
        let bytes = Data(text.utf8)
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async { try? writer.write(contentsOf: bytes); try? writer.close() }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(description: "\(executable) stopped (\(process.terminationReason == .exit ? "exit \(process.terminationStatus)" : "killed after \(Int(timeout)) s"))")
        }
        return try Self.clean(String(decoding: data, as: UTF8.self), name: name)
    }

    /// The `<svg>` element of dot's output, made safe to inline.
    static func clean(_ raw: String, name: String) throws -> String {
        guard let start = raw.range(of: "<svg"), let end = raw.range(of: "</svg>", options: .backwards) else {
            throw Failure(description: "dot wrote no SVG")
        }
        let version = raw.range(of: #"graphviz version [0-9.]+"#, options: .regularExpression).map { String(raw[$0]) } ?? "graphviz"
        var svg = String(raw[start.lowerBound..<end.upperBound])
        while let open = svg.range(of: "<!--"), let close = svg.range(of: "-->", range: open.upperBound..<svg.endIndex) {
            svg.removeSubrange(open.lowerBound..<close.upperBound)
        }
        svg = svg.replacingOccurrences(of: " id=\"", with: " id=\"map-\(name)-")
            .replacingOccurrences(of: "url(#", with: "url(#map-\(name)-")
            .replacingOccurrences(of: "xlink:href=\"#", with: "xlink:href=\"#map-\(name)-")
        // Blank lines left by the comments go; the element says who laid it out.
        svg = svg.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }.joined(separator: "\n")
        if let tagEnd = svg.range(of: ">") {
            svg.insert(contentsOf: "\n<desc>Laid out by Graphviz dot (\(version)).</desc>", at: tagEnd.upperBound)
        }
        svg = svg.replacingOccurrences(of: "<svg ", with: "<svg class=\"map\" ")
        return svg + "\n"
    }
}

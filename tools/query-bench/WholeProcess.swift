// The whole process beside the question: `duet --corpus CORPUS VERB` run from a folder outside any
// tree (nothing to sync), the verbs interleaved round by round with `duet --version` (the floor:
// process start-up and nothing else), each with `DUET_TIMINGS=1` so the run says where its time goes.

import Foundation

struct WholeProcess {
    let duet: String
    let corpusPath: String
    let rounds: Int

    struct Run { var seconds: Double; var phases: [String: Double] }

    /// One invocation from `/` (outside any tree): its wall time and the phases its timing line names.
    func run(_ arguments: [String], timings: Bool = true) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: duet)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        var environment = ProcessInfo.processInfo.environment
        if timings { environment["DUET_TIMINGS"] = "1" }
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let start = now()
        try process.run()
        _ = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let seconds = now() - start
        guard process.terminationStatus == 0 else {
            FileHandle.standardError.write(Data("query-bench: duet \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(complaint)\n".utf8))
            exit(3)
        }
        return Run(seconds: seconds, phases: Self.phases(in: complaint))
    }

    /// `duet timings: open 1.2 ms, sync 0.4 ms, question 0.9 ms, render 0.2 ms; in main 2.9 ms` → the named phases.
    static func phases(in text: String) -> [String: Double] {
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("duet timings:") }) else { return [:] }
        var phases: [String: Double] = [:]
        for part in line.dropFirst("duet timings:".count).split(whereSeparator: { $0 == "," || $0 == ";" }) {
            let words = part.split(separator: " ")
            guard words.count >= 3, let value = Double(words[words.count - 2]) else { continue }
            phases[words.dropLast(2).joined(separator: " ")] = value
        }
        return phases
    }

    /// Each verb `rounds` times, interleaved with the floor; prints medians and the phase split; true when every verb is ≤ 30 ms.
    func measure(kind: String, inProcess: [String: Double]) throws -> Bool {
        let verbs: [(label: String, arguments: [String])] = [
            ("duet --version (floor)", ["--version"]),
            ("query touches \(kind)", ["--corpus", corpusPath, "query", "touches", kind]),
            ("census", ["--corpus", corpusPath, "census"]),
            ("query kinds", ["--corpus", corpusPath, "query", "kinds"]),
        ]
        for verb in verbs { _ = try run(verb.arguments) }   // warm the page cache once
        var runs = Array(repeating: [Run](), count: verbs.count)
        for _ in 0..<rounds {
            for (index, verb) in verbs.enumerated() { runs[index].append(try run(verb.arguments, timings: index > 0)) }
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        var holds = true
        let floor = median(runs[0].map(\.seconds))
        for (index, verb) in verbs.enumerated() {
            let wall = median(runs[index].map(\.seconds))
            let names = Set(runs[index].flatMap(\.phases.keys)).sorted()
            let split = names.map { name in "\(name) " + String(format: "%.1f", median(runs[index].map { $0.phases[name] ?? 0 })) }.joined(separator: ", ")
            let besides = inProcess[verb.label].map { " · in process " + String(format: "%.2f ms", $0 * 1000) } ?? ""
            let label = verb.label.padding(toLength: max(28, verbs.map(\.label.count).max() ?? 0), withPad: " ", startingAt: 0)
            let above = index == 0 ? "" : " · above the floor " + String(format: "%.1f ms", (wall - floor) * 1000) + " · phases (ms, medians): " + split
            print("whole process  \(label) p50 " + String(format: "%7.1f ms", wall * 1000) + besides + above)
            if index > 0 && wall > 0.030 { holds = false }
        }
        return holds
    }
}

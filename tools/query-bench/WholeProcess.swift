// The whole process beside the question: `duet --corpus CORPUS VERB` run from a folder outside any
// tree (nothing to sync), the verbs interleaved round by round with `duet --version` (the floor:
// process start-up and nothing else), each with `DUET_TIMINGS=1` so the run says where its time goes.

import Foundation

struct WholeProcess {
    let duet: String
    let corpusPath: String
    let rounds: Int

    struct Run { var seconds: Double; var phases: [String: Double] }

    /// One invocation from `/` (outside any tree: `measure` runs from there), started by `posix_spawn` as a shell would, its
    /// output to /dev/null as in `duet … >/dev/null`: its wall time and the phases its timing line
    /// names. (Foundation's `Process` from this large process cost ~45 ms more per run.)
    func run(_ arguments: [String], timings: Bool = true) throws -> Run {
        var environment = ProcessInfo.processInfo.environment
        environment["DUET_TIMINGS"] = timings ? "1" : nil
        var errors: [Int32] = [0, 0]
        guard pipe(&errors) == 0 else { throw POSIXError(.EMFILE) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        posix_spawn_file_actions_addclose(&actions, errors[0])
        posix_spawn_file_actions_addclose(&actions, errors[1])
        let argv = ([duet] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let start = now()
        let spawned = posix_spawn(&child, duet, &actions, nil, argv, envp)
        close(errors[1])
        defer { close(errors[0]) }
        guard spawned == 0 else {
            FileHandle.standardError.write(Data("query-bench: cannot start \(duet): \(String(cString: strerror(spawned)))\n".utf8))
            exit(3)
        }
        var complaint: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(errors[0], $0.baseAddress, $0.count) }
            if count <= 0 { break }
            complaint += chunk.prefix(count)
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let seconds = now() - start
        let text = String(decoding: complaint, as: UTF8.self)
        guard status == 0 else {
            FileHandle.standardError.write(Data("query-bench: duet \(arguments.joined(separator: " ")) exited with status \(status): \(text)\n".utf8))
            exit(3)
        }
        return Run(seconds: seconds, phases: Self.phases(in: text))
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
        // The children start where this process is: outside any tree (every path here is absolute).
        let here = FileManager.default.currentDirectoryPath
        guard chdir("/") == 0 else { throw POSIXError(.ENOENT) }
        defer { _ = chdir(here) }
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

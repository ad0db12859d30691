import Foundation

/// One run of a program with its peak memory: the resident set's high-water mark (`VmHWM` of
/// /proc/PID/status, read every few milliseconds while it runs), which is what a bound on memory is
/// measured with. Not `wait4`'s `ru_maxrss`: a child spawned with a shared address space until its
/// `exec` inherits the driver's own high-water mark there. Output goes to files, so a large one
/// never fills a pipe.
struct MeasuredRun {
    var outcome: ProcessOutcome
    var peakMegabytes: Double

    /// Runs `arguments` (the first is the program) in `directory`, with `input` as its stdin (or none).
    static func run(_ arguments: [String], in directory: URL, input: URL? = nil) throws -> MeasuredRun {
        let out = directory.appendingPathComponent(".measured-stdout"), err = directory.appendingPathComponent(".measured-stderr")
        defer { try? FileManager.default.removeItem(at: out); try? FileManager.default.removeItem(at: err) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input?.path ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // The shell changes folder and replaces itself with the program, so the pid waited on is the program's.
        let shell = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        environment["DUET_CORPUS"] = nil
        let argv = shell.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let started = Date()
        guard posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp) == 0 else { throw DriverFailure("cannot start \(arguments[0])") }
        var status: Int32 = 0, peak = 0.0
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid || (waited < 0 && errno != EINTR) { break }
            peak = max(peak, Self.highWaterMegabytes(pid))
            usleep(2_000)
        }
        let seconds = Date().timeIntervalSince(started)
        let signaled = status & 0x7f != 0
        let outcome = ProcessOutcome(status: signaled ? status & 0x7f : (status >> 8) & 0xff, signaled: signaled,
                                     stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                                     stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "", seconds: seconds)
        return MeasuredRun(outcome: outcome, peakMegabytes: peak)
    }

    /// `VmHWM` of a running process, in megabytes; 0 once it has ended.
    static func highWaterMegabytes(_ pid: pid_t) -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }
}

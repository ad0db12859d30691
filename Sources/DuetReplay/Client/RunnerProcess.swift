import Foundation
import DuetRunner
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A runner child process (`/bin/sh -c COMMAND` in its own process group) with
/// non-blocking pipes: queued writes and line reads are pumped by one `poll` loop,
/// so pipelined requests never deadlock and no read waits past its deadline.
final class RunnerProcess {
    let command: String
    private let pid: pid_t
    private var toRunner: Int32
    private var fromRunner: Int32
    private var errorsFromRunner: Int32
    private var outgoing: [UInt8] = []
    private var outgoingStart = 0
    private var incoming: [UInt8] = []
    private var incomingStart = 0
    private var scanned = 0
    private var stderrTail: [UInt8] = []
    private var exitStatus: Int32?
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    static let maximumLine = 64 << 20

    init(command: String) throws(RunnerFailure) {
        signal(SIGPIPE, SIG_IGN)
        self.command = command
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0, pipe(&errors) == 0 else {
            throw RunnerFailure(kind: .spawnFailed, runner: command, message: "cannot create pipes: \(String(cString: strerror(errno)))")
        }
        for fd in input + output + errors { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
        let envp: [UnsafeMutablePointer<CChar>?] = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, envp)
        close(input[0]); close(output[1]); close(errors[1])
        guard spawned == 0 else {
            close(input[1]); close(output[0]); close(errors[0])
            throw RunnerFailure(kind: .spawnFailed, runner: command, message: "cannot start /bin/sh: \(String(cString: strerror(spawned)))")
        }
        pid = child
        toRunner = input[1]; fromRunner = output[0]; errorsFromRunner = errors[0]
        for fd in [toRunner, fromRunner, errorsFromRunner] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit { terminate() }

    /// Queues bytes for the runner's stdin; they are written while reading.
    func enqueue(_ bytes: [UInt8]) {
        if outgoingStart == outgoing.count {
            outgoing.removeAll(keepingCapacity: true); outgoingStart = 0
        } else if outgoingStart > 1 << 20 {
            // Pipelined writers rarely find the queue empty: drop what was written, or it holds every request ever sent.
            outgoing.removeSubrange(0..<outgoingStart); outgoingStart = 0
        }
        outgoing.append(contentsOf: bytes)
    }

    /// Waits at most `timeout` seconds for the next stdout line (without its newline).
    func nextLine(timeout: Double, waitingFor what: @autoclosure () -> String) throws(RunnerFailure) -> [UInt8] {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        while true {
            if let line = takeLine() { return line }
            if incoming.count - incomingStart > Self.maximumLine {
                throw failure(.garbage, "wrote more than \(Self.maximumLine >> 20) MB to stdout without a newline")
            }
            guard fromRunner >= 0 else { throw exitedFailure(waitingFor: what()) }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else {
                throw failure(.timeout, "no answer to \(what()) within \(Self.seconds(timeout))")
            }
            try pump(timeoutMilliseconds: Int32(min(Int64(Int32.max), Int64((deadline - now) / 1_000_000) + 1)))
        }
    }

    /// Closes stdin (EOF means exit), waits up to `grace` seconds, then kills the process group.
    func terminate(grace: Double = 0) {
        if toRunner >= 0 { close(toRunner); toRunner = -1 }
        if exitStatus == nil && grace > 0 {
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(grace * 1e9)
            while exitStatus == nil && DispatchTime.now().uptimeNanoseconds < deadline {
                reap(blocking: false)
                if exitStatus == nil { usleep(2_000) }
            }
        }
        if exitStatus == nil { kill(-pid, SIGKILL); kill(pid, SIGKILL); reap(blocking: true) }
        kill(-pid, SIGKILL)
        if fromRunner >= 0 { close(fromRunner); fromRunner = -1 }
        if errorsFromRunner >= 0 { close(errorsFromRunner); errorsFromRunner = -1 }
    }

    // MARK: - Pumping

    private func takeLine() -> [UInt8]? {
        guard let newline = LineReader.newline(in: incoming, from: scanned) else {
            scanned = incoming.count
            return nil
        }
        let line = Array(incoming[incomingStart..<newline])
        incomingStart = newline + 1
        scanned = incomingStart
        if incomingStart > 1 << 20 {
            incoming.removeSubrange(0..<incomingStart); incomingStart = 0; scanned = 0
        }
        return line
    }

    private func pump(timeoutMilliseconds: Int32) throws(RunnerFailure) {
        let writing = toRunner >= 0 && outgoingStart < outgoing.count
        var fds = [pollfd(fd: fromRunner, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: errorsFromRunner, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: writing ? toRunner : -1, events: Int16(POLLOUT), revents: 0)]
        let ready = poll(&fds, 3, timeoutMilliseconds)
        if ready < 0 { if errno == EINTR { return }; throw failure(.exited, "poll failed: \(String(cString: strerror(errno)))") }
        if fds[2].revents != 0 { writeQueued() }
        if fds[1].revents != 0 { drainErrors() }
        if fds[0].revents != 0 { readOutput() }
    }

    private func writeQueued() {
        let written = outgoing.withUnsafeBytes { raw in
            systemWrite(toRunner, raw.baseAddress! + outgoingStart, outgoing.count - outgoingStart)
        }
        if written > 0 { outgoingStart += written }
        else if written < 0 && errno != EAGAIN && errno != EINTR { close(toRunner); toRunner = -1 }
    }

    private func readOutput() {
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(fromRunner, $0.baseAddress, $0.count) }
            if count > 0 { incoming.append(contentsOf: chunk[0..<count]); if count < chunk.count { return } else { continue } }
            if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
            close(fromRunner); fromRunner = -1
            return
        }
    }

    private func drainErrors() {
        let count = chunk.withUnsafeMutableBytes { systemRead(errorsFromRunner, $0.baseAddress, $0.count) }
        if count > 0 {
            stderrTail.append(contentsOf: chunk[0..<count])
            if stderrTail.count > 4096 { stderrTail.removeFirst(stderrTail.count - 4096) }
        } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
            close(errorsFromRunner); errorsFromRunner = -1
        }
    }

    // MARK: - Exit

    private func reap(blocking: Bool) {
        guard exitStatus == nil else { return }
        var status: Int32 = 0
        let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
        if result == pid { exitStatus = status } else if result < 0 && errno != EINTR { exitStatus = -1 }
    }

    private func exitedFailure(waitingFor what: String) -> RunnerFailure {
        let deadline = DispatchTime.now().uptimeNanoseconds + 500_000_000
        while exitStatus == nil && DispatchTime.now().uptimeNanoseconds < deadline { reap(blocking: false); if exitStatus == nil { usleep(1_000) } }
        if errorsFromRunner >= 0 { drainErrors() }
        let how: String
        switch exitStatus {
        case .some(let status) where status >= 0 && status & 0x7F == 0: how = "exited with status \((status >> 8) & 0xFF)"
        case .some(let status) where status >= 0: how = "was killed by signal \(status & 0x7F)"
        default: how = "closed its stdout"
        }
        return failure(.exited, "\(how) while waiting for \(what)")
    }

    func failure(_ kind: RunnerFailure.Kind, _ message: String) -> RunnerFailure {
        RunnerFailure(kind: kind, runner: command, message: message, stderrTail: String(decoding: stderrTail, as: UTF8.self))
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))s" : "\(value)s"
    }
}

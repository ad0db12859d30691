import Foundation
import Duet
import DuetCorpus

/// What a verb may touch: its output streams, the environment, global options, and the corpus.
public final class VerbContext {
    public let environment: [String: String]
    public let workingDirectory: String
    /// `--corpus PATH` when given.
    public let corpusOption: String?
    let stdout: OutputSink
    let stderr: OutputSink
    var openedCorpus: Corpus?
    /// The corpus's names, once asked for (`knownNames()`).
    var cachedNames: KnownNames?
    /// The gate's closing line and where it goes, written when the verb returns (`writeVerdict`).
    private var verdict: (verdict: GateVerdict, onStdout: Bool)?
    /// Where this invocation's time goes (`DUET_TIMINGS`).
    public let timings: PhaseTimings
    /// The notice that the files of record go to a new tree was given.
    var announcedNewTree = false
    /// A damaged corpus was rebuilt from the tree in this invocation (`rebuildDamagedCorpus`).
    var rebuiltDamagedCorpus = false

    init(environment: [String: String], workingDirectory: String, corpusOption: String?, stdout: OutputSink, stderr: OutputSink) {
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.corpusOption = corpusOption
        self.stdout = stdout
        self.stderr = stderr
        timings = PhaseTimings(enabled: !(environment["DUET_TIMINGS"] ?? "").isEmpty)
    }

    /// True when running under CI (`CI` set and not `false`/`0`).
    public var isCI: Bool {
        guard let value = environment["CI"], !value.isEmpty else { return false }
        return value != "false" && value != "0"
    }

    public var stdoutIsTerminal: Bool { stdout.isTerminal }

    /// Colour on a terminal, unless `NO_COLOR` is set (https://no-color.org).
    public var usesColour: Bool { stdout.isTerminal && (environment["NO_COLOR"] ?? "").isEmpty }

    public func write(_ text: String) { stdout.write(text) }
    public func write(bytes: [UInt8]) { stdout.write(bytes: bytes) }
    /// A line on stderr: notices, warnings, errors.
    public func note(_ text: String) { stderr.write(text.hasSuffix("\n") ? text : text + "\n") }

    public func render(_ report: Report, as format: OutputFormat) {
        timings.measure(.render) { stdout.write(ReportRenderer.render(report, as: format)) }
        if let verdict = report.verdict { conclude(verdict, onStdout: GateVerdict.onStdout(format)) }
    }

    /// Sets the gate's one closing line (the last one set wins); it is written after everything
    /// else the verb says, on stdout when people read it there, else on stderr.
    public func conclude(_ verdict: GateVerdict, onStdout: Bool) {
        self.verdict = (verdict, onStdout)
    }

    /// The timing line, when `DUET_TIMINGS` asks for it; the entry point calls it last.
    func writeTimings() {
        if timings.enabled { stderr.write(timings.line() + "\n") }
    }

    /// Writes the closing line, once; the entry point calls it when a verb returns.
    func writeVerdict() {
        guard let (verdict, onStdout) = verdict else { return }
        self.verdict = nil
        (onStdout ? stdout : stderr).write(verdict.line + "\n")
    }

    /// Progress on long work: a rewritten line on a terminal, nothing when piped or when there is nothing to do.
    public func progress(_ label: String, done: Int, total: Int) {
        guard stderr.isTerminal, total > 0 else { return }
        let end = done >= total ? "\n" : ""
        stderr.write("\r\u{1B}[K\(label) \(done)/\(total)\(end)")
    }
}

/// A byte sink for stdout/stderr (a file handle in the CLI, a buffer in tests).
final class OutputSink {
    private let handle: FileHandle?
    private(set) var captured: [UInt8] = []
    /// Bytes written so far.
    private(set) var written = 0
    let isTerminal: Bool

    init(fileDescriptor: Int32) {
        handle = FileHandle(fileDescriptor: fileDescriptor, closeOnDealloc: false)
        isTerminal = isatty(fileDescriptor) == 1
    }

    /// A buffer; `terminal` makes it behave as a terminal would (colour, progress) for tests.
    init(capturing: Void, terminal: Bool = false) {
        handle = nil
        isTerminal = terminal
    }

    func write(_ text: String) { write(bytes: Array(text.utf8)) }

    func write(bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        written += bytes.count
        if let handle { handle.write(Data(bytes)) } else { captured.append(contentsOf: bytes) }
    }
}

import Foundation

/// Single key presses from a terminal on standard input: the terminal is put in non-canonical,
/// no-echo mode while reading (signals off, so Ctrl-C arrives as a key and the mode is always
/// restored) and put back as it was by `restore()`.
final class TerminalKeys {
    private let descriptor: Int32
    private var saved = termios()
    private var raw = false

    /// True when standard input is a terminal.
    static var available: Bool { isatty(STDIN_FILENO) == 1 }

    init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
        guard tcgetattr(descriptor, &saved) == 0 else { return }
        var mode = saved
        mode.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &mode.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        raw = tcsetattr(descriptor, TCSANOW, &mode) == 0
    }

    deinit { restore() }

    /// The next key (lower-cased ASCII), or nil when input ended.
    func next() -> Character? {
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count == 1 { return Character(Unicode.Scalar(byte)).lowercased().first }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    func restore() {
        guard raw else { return }
        raw = false
        _ = tcsetattr(descriptor, TCSANOW, &saved)
    }
}

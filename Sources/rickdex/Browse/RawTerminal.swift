import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal in raw mode on the alternate screen, and the promise to give it back: on
/// `restore()`, on SIGINT/SIGTERM/SIGHUP, and at exit, whichever comes first.
final class RawTerminal {
    private static let saved = NIOLockedValueBox<termios?>(nil)
    private let signals: [any DispatchSourceSignal]

    /// Enters raw mode (no echo, no line buffering, no signals from keys) and the alternate
    /// screen, with the cursor hidden.
    static func enter() throws -> RawTerminal {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            throw LocalFileError(path: "standard input", reason: "not a terminal (\(String(cString: strerror(errno))))")
        }
        saved.withLockedValue { $0 = original }
        var raw = original
        raw.c_iflag &= ~tcflag_t(ICRNL | IXON | BRKINT | INPCK | ISTRIP)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
        atexit { RawTerminal.restoreSaved() }
        let sources = [SIGINT, SIGTERM, SIGHUP].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                RawTerminal.restoreSaved()
                exit(128 + number)
            }
            source.resume()
            return source
        }
        return RawTerminal(signals: sources)
    }

    private init(signals: [any DispatchSourceSignal]) {
        self.signals = signals
    }

    /// Leaves raw mode and the alternate screen, showing the cursor again. Safe to call twice.
    func restore() {
        Self.restoreSaved()
        for source in signals { source.cancel() }
    }

    private static func restoreSaved() {
        guard
            var original = saved.withLockedValue({ state -> termios? in
                defer { state = nil }
                return state
            })
        else { return }
        write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    }

    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(STDOUT_FILENO, base + offset, buffer.count - offset)
            }
            if count == 0 { return }
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += count
        }
    }
}

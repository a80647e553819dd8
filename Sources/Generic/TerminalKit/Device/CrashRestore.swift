import Glibc

/// Gives the terminal back when the process dies of a signal Swift code cannot catch (a trap, a bad
/// access, an abort): an async-signal-safe handler writes a fixed reset sequence, puts the saved
/// modes back and lets the signal end the process as it would have. Install once, from one thread;
/// `uninstall()` when the terminal is given back the ordinary way.
package enum CrashRestore {
    package static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    // Set before the handlers are installed and only read by them: plain memory, no Swift
    // runtime calls (a lazy global's first access takes a lock) inside a signal handler.
    nonisolated(unsafe) private static var sequence: UnsafeMutableBufferPointer<UInt8>?
    nonisolated(unsafe) private static var modes: UnsafeMutablePointer<termios>?
    nonisolated(unsafe) private static var output: Int32 = STDOUT_FILENO
    nonisolated(unsafe) private static var input: Int32 = STDIN_FILENO
    nonisolated(unsafe) private static var installed: [Int32] = []

    /// On a crash (or another of `signals`), writes `text` to `output` and sets `input`'s modes
    /// back to `saved`. A signal this process ignores (as `nohup` ignores SIGHUP) stays ignored.
    package static func install(
        writing text: String, to output: TerminalDevice, restoring saved: TerminalModes, on input: TerminalDevice,
        signals: [Int32] = signals
    ) {
        let bytes = Array(text.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        let stored = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        stored.initialize(to: saved.value)
        sequence = buffer
        modes = stored
        Self.output = output.descriptor.rawValue
        Self.input = input.descriptor.rawValue
        installed = []
        for number in signals {
            var current = sigaction()
            sigaction(number, nil, &current)
            if address(current.__sigaction_handler.sa_handler) == address(SIG_IGN) { continue }
            installed.append(number)
            var action = sigaction()
            action.__sigaction_handler.sa_handler = crashed
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
    }

    /// For comparing with `SIG_IGN`: C function pointers are not `Equatable` in Swift.
    private static func address(_ handler: (@convention(c) (Int32) -> Void)?) -> Int {
        handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
    }

    package static func uninstall() {
        for number in installed { signal(number, SIG_DFL) }
        installed = []
    }

    private static let crashed: @convention(c) (Int32) -> Void = { number in
        if let sequence = CrashRestore.sequence {
            _ = write(CrashRestore.output, sequence.baseAddress, sequence.count)
        }
        if let modes = CrashRestore.modes {
            _ = tcsetattr(CrashRestore.input, TCSAFLUSH, modes)
        }
        // SA_RESETHAND put the default action back: this ends the process as the crash would have.
        raise(number)
    }
}

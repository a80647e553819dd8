import BlockArt
import Dispatch
import FoundationEssentials
import SystemPackage
import LoupeToolbox

import Glibc

/// The terminal in raw mode on the alternate screen (with mouse reporting when asked), and the
/// promise to give it back: on `restore()`, on SIGINT/SIGTERM/SIGHUP, at exit, and on a crash
/// (`CrashRestore`), whichever comes first. Mouse reporting is always switched off then, whether
/// or not it was on.
final class RawTerminal {
    private static let saved = Locked<TerminalModes?>(nil)
    private static let input = TerminalDevice.standardInput
    private let signals: [any DispatchSourceSignal]

    /// Enters raw mode (no echo, no line buffering, no signals from keys) and the alternate
    /// screen, with the cursor hidden, and `mouse` reporting (button presses, the wheel, SGR
    /// coordinates) when asked.
    static func enter(mouse: Bool) throws(Errno) -> RawTerminal {
        // A probe keeps the terminal quiet until exit: its modes from before are the ones to give back.
        let current = try input.modes()
        let original = TerminalProbe.modesBeforeProbe ?? current
        saved.withLock { $0 = original }
        // Input already there is kept: keys typed ahead are the first keys browse reads.
        try? input.setModes(original.raw)
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J" + (mouse ? "\u{1B}[?1000h\u{1B}[?1006h" : ""))
        atexit { RawTerminal.restoreSaved() }
        CrashRestore.install(writing: reset, to: .standardOutput, restoring: original, on: input)
        let sources = [ProcessSignal.interrupt, .terminate, .hangUp].map { signal -> any DispatchSourceSignal in
            signal.ignoreDefault()
            let source = DispatchSource.makeSignalSource(signal: signal.number, queue: .global())
            source.setEventHandler {
                RawTerminal.restoreSaved()
                exit(128 + signal.number)
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
            let original = saved.withLock({ state -> TerminalModes? in
                defer { state = nil }
                return state
            })
        else { return }
        CrashRestore.uninstall()
        write(reset)
        try? input.setModes(original, discardingInput: true)
    }

    /// Mouse reporting off, attributes reset, the cursor shown, the main screen back.
    private static let reset = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// Writes all of `text` to standard output, unbuffered; a closed output drops it.
    static func write(_ text: String) {
        try? TerminalDevice.standardOutput.write(text)
    }
}

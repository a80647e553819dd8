import Dispatch
import FoundationEssentials
import SystemPackage
import LoupeToolbox

import Glibc
import TerminalKit

/// The terminal in raw mode, on the alternate screen or inline in an `InlineArea` (`--height`), and
/// the promise to give it back: on `restore()`, on SIGINT/SIGTERM/SIGHUP, at exit, and on a crash
/// (`CrashRestore`), whichever comes first; mouse reporting always switched off then.
final class RawTerminal {
    private static let saved = Locked<TerminalModes?>(nil)
    /// What gives the terminal back: `reset`, or inline the area cleared and `inlineReset`.
    private static let resetting = Locked(reset)
    private static let input = TerminalDevice.standardInput
    private let signals: [any DispatchSourceSignal]

    struct Entered: Sendable {
        /// The lines drawn in with `--height`; `nil` on the alternate screen.
        var area: InlineArea?
        /// What was read while asking where the cursor was (keys typed ahead, the probe's answers).
        var typedAhead: [UInt8] = []
        /// Whether mouse reporting is on: asked for, and inline only where the area's row is known.
        var mouse = false
    }

    /// Gives the terminal back on SIGINT, SIGTERM and SIGHUP from now on, once `enter` has taken it.
    init() {
        signals = [ProcessSignal.interrupt, .terminate, .hangUp].map { signal -> any DispatchSourceSignal in
            signal.ignoreDefault()
            let source = DispatchSource.makeSignalSource(signal: signal.number, queue: .global())
            source.setEventHandler {
                RawTerminal.restoreSaved()
                exit(128 + signal.number)
            }
            source.resume()
            return source
        }
    }

    /// Enters raw mode (no echo, no line buffering, no signals from keys; the cursor hidden, and
    /// `mouse` reporting when asked), on the alternate screen or in `inline` lines below the
    /// cursor, where it first asks the terminal where the cursor is, waiting up to `cursorWait`.
    static func enter(mouse: Bool, inline lines: Int?, cursorWait: Duration) throws(Errno) -> Entered {
        // A probe keeps the terminal quiet until exit: its modes from before are the ones to give back.
        let current = try input.modes()
        let original = TerminalProbe.modesBeforeProbe ?? current
        saved.withLock { $0 = original }
        resetting.withLock { $0 = lines == nil ? reset : inlineReset }
        // Input already there is kept: keys typed ahead are the first keys browse reads.
        try? input.setModes(original.raw)
        var entered = Entered()
        if let lines {
            let (cursor, typedAhead) = askCursor(waitingAtMost: cursorWait)
            let area = InlineArea(lines: lines, cursor: cursor, rows: TerminalCapabilities.currentSize()?.rows ?? lines)
            // Clicks are placed by the area's row on the screen: without it, no mouse (as fzf).
            entered = Entered(area: area, typedAhead: typedAhead, mouse: mouse && area.top != nil)
            resetting.withLock { $0 = area.closing + inlineReset }
            write("\u{1B}[?25l" + area.opening + (entered.mouse ? mouseOn : ""))
        } else {
            entered.mouse = mouse
            write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J" + (mouse ? mouseOn : ""))
        }
        atexit { RawTerminal.restoreSaved() }
        CrashRestore.install(writing: resetting.withLock { $0 }, to: .standardOutput, restoring: original, on: input)
        return entered
    }

    /// Where the cursor is, as the terminal answers `CSI 6n` within `wait`, and every other byte
    /// read meanwhile (keys typed ahead, the probe's answers), in order.
    private static func askCursor(waitingAtMost wait: Duration) -> (cursor: (row: Int, column: Int)?, read: [UInt8]) {
        write(InlineArea.cursorQuery)
        let deadline = ContinuousClock.now + wait
        var read: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero, input.waitForInput(timeout: left) else { break }
            let count = (try? input.read(into: &buffer)) ?? 0
            guard count > 0 else { break }
            read += buffer.prefix(count)
            if let report = InlineArea.cursorReport(in: read) {
                read.removeSubrange(report.range)
                return ((report.row, report.column), read)
            }
        }
        return (nil, read)
    }

    /// Leaves raw mode and the alternate screen (or the area), showing the cursor again. Safe twice.
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
        write(resetting.withLock { $0 })
        try? input.setModes(original, discardingInput: true)
    }

    /// Mouse reporting off, attributes reset, the cursor shown, the main screen back.
    private static let reset = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    /// The same inline, where leaving an alternate screen would move the cursor.
    private static let inlineReset = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h"
    /// Button presses and the wheel reported, in SGR coordinates.
    private static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"

    /// Writes all of `text` to standard output, unbuffered; a closed output drops it.
    static func write(_ text: String) {
        try? TerminalDevice.standardOutput.write(text)
    }
}

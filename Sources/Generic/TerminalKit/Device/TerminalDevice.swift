import LoupeToolbox
import SystemPackage

import Glibc

/// A descriptor that may be a terminal: the calls swift-system does not wrap (`ioctl`, `termios`,
/// `poll`) live here alone. It owns no descriptor but `openControlling()`'s, which its caller closes.
package struct TerminalDevice: Sendable {
    package let descriptor: FileDescriptor

    package init(_ descriptor: FileDescriptor) { self.descriptor = descriptor }

    package static let standardInput = TerminalDevice(.standardInput)
    package static let standardOutput = TerminalDevice(.standardOutput)
    package static let standardError = TerminalDevice(.standardError)

    package static func openControlling() -> TerminalDevice? {
        guard let descriptor = try? FileSystem.openDevice("/dev/tty") else { return nil }
        return TerminalDevice(descriptor)
    }

    /// Reads fail with `EAGAIN` instead of waiting for input or for another thread's read.
    package func makeNonBlocking() {
        _ = fcntl(descriptor.rawValue, F_SETFL, fcntl(descriptor.rawValue, F_GETFL) | O_NONBLOCK)
    }

    package var isTerminal: Bool { isatty(descriptor.rawValue) == 1 }

    /// Whether this process's group owns the terminal (a background job changing modes is stopped).
    package var isForeground: Bool { tcgetpgrp(descriptor.rawValue) == getpgrp() }

    package func windowSize() -> WindowSize? {
        var size = winsize()
        guard ioctl(descriptor.rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return nil
        }
        return WindowSize(
            columns: Int(size.ws_col), rows: Int(size.ws_row), pixelWidth: Int(size.ws_xpixel),
            pixelHeight: Int(size.ws_ypixel))
    }

    package func modes() throws(Errno) -> TerminalModes {
        var modes = termios()
        guard tcgetattr(descriptor.rawValue, &modes) == 0 else { throw Errno.current }
        return TerminalModes(modes)
    }

    /// Sets the modes: at once, or (`discardingInput`) after output drains, unread input dropped.
    package func setModes(_ modes: TerminalModes, discardingInput: Bool = false) throws(Errno) {
        var value = modes.value
        guard tcsetattr(descriptor.rawValue, discardingInput ? TCSAFLUSH : TCSANOW, &value) == 0 else {
            throw Errno.current
        }
    }

    /// Puts `bytes` back into the input as if typed (`TIOCSTI`); `false` (the bytes lost) where the
    /// system refuses it (Linux 6.2+ with `dev.tty.legacy_tiocsti=0`, OpenBSD).
    @discardableResult
    package func giveBack(_ bytes: [UInt8]) -> Bool {
        for var byte in bytes {
            guard ioctl(descriptor.rawValue, UInt(TIOCSTI), &byte) == 0 else { return false }
        }
        return true
    }

    /// The terminal session's name: device number, session id and its leader's start time (so a
    /// reused session id names a new session); `nil` when this is not the controlling terminal.
    package func sessionName() -> String? {
        var status = stat()
        let session = getsid(0)
        guard fstat(descriptor.rawValue, &status) == 0, session > 0, tcgetsid(descriptor.rawValue) == session else {
            return nil
        }
        return "\(status.st_rdev)-\(session)-\(Self.startTime(of: session) ?? 0)"
    }

    /// A process's start time in clock ticks since boot (`/proc/PID/stat`, field 22).
    private static func startTime(of process: pid_t) -> UInt64? {
        guard let buffer = FileSystem.readPrefix("/proc/\(process)/stat", count: 1024), !buffer.isEmpty else { return nil }
        let count = buffer.count
        // The name (field 2) is in parentheses and may hold spaces: count fields after its `)`.
        guard let close = buffer.prefix(count).lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = buffer[(close + 1)..<count].split(separator: UInt8(ascii: " "))
        // Field 3 is the first after the name, so field 22 is the 20th.
        return fields.count > 19 ? UInt64(String(decoding: fields[19], as: UTF8.self)) : nil
    }

    package func waitForInput(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            let milliseconds = Int32(clamping: ContinuousClock.now.duration(to: deadline).milliseconds)
            guard milliseconds > 0 else { return false }
            var request = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready > 0
        }
    }

    package func write(_ text: String) throws(Errno) {
        do {
            _ = try descriptor.writeAll(text.utf8)
        } catch {
            throw Errno(error)
        }
    }

    package func read(into buffer: inout [UInt8]) throws(Errno) -> Int {
        do {
            return try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
        } catch {
            throw Errno(error)
        }
    }

    /// Points standard output at the controlling terminal, as fzf draws on `/dev/tty` with its
    /// output piped; a descriptor for where it went before (the caller's to close), `nil` without one.
    package static func standardOutputToControllingTerminal() -> FileDescriptor? {
        guard let terminal = openControlling() else { return nil }
        defer { try? terminal.descriptor.close() }
        guard let saved = try? FileDescriptor.standardOutput.duplicate() else { return nil }
        guard (try? terminal.descriptor.duplicate(as: .standardOutput)) != nil else {
            try? saved.close()
            return nil
        }
        return saved
    }
}

/// A terminal's line discipline (`termios`).
package struct TerminalModes: @unchecked Sendable {
    // @unchecked: `termios` is a plain C struct of integers, copied by value.
    var value: termios

    init(_ value: termios) { self.value = value }

    /// Raw: no echo, line buffering, signals or flow control from keys; 8-bit; a read takes one byte.
    package var raw: TerminalModes {
        var raw = value
        raw.c_iflag &= ~tcflag_t(ICRNL | IXON | BRKINT | INPCK | ISTRIP)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_cflag |= tcflag_t(CS8)
        Self.setReadMinimum(1, of: &raw)
        return TerminalModes(raw)
    }

    /// Quiet, for reading answers to queries unseen: no echo or line buffering; a read never blocks.
    package var quiet: TerminalModes {
        var quiet = value
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
        Self.setReadMinimum(0, of: &quiet)
        return TerminalModes(quiet)
    }

    private static func setReadMinimum(_ count: UInt8, of modes: inout termios) {
        withUnsafeMutableBytes(of: &modes.c_cc) { bytes in
            bytes[Int(VMIN)] = count
            bytes[Int(VTIME)] = 0
        }
    }
}

/// `TIOCGWINSZ`: cells, and the text area's pixels where the terminal fills them in (0 otherwise).
package struct WindowSize: Sendable, Hashable {
    package var columns, rows, pixelWidth, pixelHeight: Int
}

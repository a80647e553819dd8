import Glibc

/// A terminal's line discipline (`termios`), and the two variants a full-screen program needs.
package struct TerminalModes: @unchecked Sendable {
    // @unchecked: `termios` is a plain C struct of integers, copied by value.
    var value: termios

    init(_ value: termios) { self.value = value }

    /// Raw input: no echo, no line buffering, no signals or flow control from keys, 8-bit bytes,
    /// and a read returns as soon as one byte is in.
    package var raw: TerminalModes {
        var raw = value
        raw.c_iflag &= ~tcflag_t(ICRNL | IXON | BRKINT | INPCK | ISTRIP)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_cflag |= tcflag_t(CS8)
        Self.setReadMinimum(1, of: &raw)
        return TerminalModes(raw)
    }

    /// Quiet: no echo and no line buffering, keys still signal, and a read never blocks. For
    /// reading a terminal's answers to queries without showing them.
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

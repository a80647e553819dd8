import BlockArt
import LoupeToolbox

import Glibc

/// Whole writes to standard output and error, straight to the descriptors (as `FileHandle`
/// wrote them, without linking Foundation for it). A stream that is gone (a closed pipe, a full
/// disk) loses the text: there is nowhere left to report that.
enum StandardStreams {
    /// Writes `bytes` to standard output, after anything `print` still holds in its buffer.
    static func output(_ bytes: some Sequence<UInt8>) {
        fflush(nil)
        _ = try? TerminalDevice.standardOutput.descriptor.writeAll(bytes)
    }

    static func output(_ text: String) { output(text.utf8) }

    /// Writes `text` to standard error.
    static func error(_ text: String) {
        try? TerminalDevice.standardError.write(text)
    }
}

import LoupeToolbox
import SystemPackage
import TerminalKit

// `stdout`, the stream `print` writes through, is a C global Swift 6 cannot prove safe: only this
// type's calls reach it here, on whichever thread ends the command.
@preconcurrency import Glibc

/// Whole writes to standard output and error, straight to the descriptors (as `FileHandle`
/// wrote them, without linking Foundation for it).
///
/// A write to standard output that fails (a full disk, `/dev/full`, an I/O error) is kept, the
/// first one, and `finish()` turns it into the command's failure as it ends, as `cat` and `jq`
/// do: exit code 1 and one line, never a truncated file and exit 0. A closed pipe is not a
/// failure: the reader wanted no more (and `SIGPIPE`, left as the system sets it, usually ends
/// the process first). Standard error has nowhere left to report to: its failures are lost.
enum StandardStreams {
    /// The first failed write to standard output, other than to a closed pipe. Locked: commands
    /// write from any task.
    private static let failure = Locked<Errno?>(nil)

    /// Writes `bytes` to standard output, after anything `print` still holds in its buffer.
    static func output(_ bytes: some Sequence<UInt8>) {
        flushPrinted()
        do {
            _ = try TerminalDevice.standardOutput.descriptor.writeAll(bytes)
        } catch {
            record(error)
        }
    }

    static func output(_ text: String) { output(text.utf8) }

    /// Writes `text` to standard error, any password `--api` carries masked (`Secrets`).
    static func error(_ text: String) {
        try? TerminalDevice.standardError.write(Secrets.masked(text))
    }

    /// Writes out what `print` holds, keeping a failure for `finish()`.
    static func flushPrinted() {
        if fflush(stdout) != 0 { record(Errno.current) }
    }

    /// Ends standard output: writes out what `print` holds and throws the first write that
    /// failed, of `print`'s (`ferror`) or of this type's, or a failure a file system reports only
    /// when a file is closed (NFS: a copy of the descriptor is closed, so the stream stays open).
    static func finish() throws(OutputWriteFailure) {
        if fflush(stdout) != 0 {
            record(Errno.current)
        } else if ferror(stdout) != 0 {
            // An earlier flush inside `print` failed, and its errno is gone.
            record(Errno.ioError)
        }
        if let copy = try? FileDescriptor.standardOutput.duplicate() {
            do {
                try copy.close()
            } catch {
                record(error)
            }
        }
        if let cause = failure.withLock({ $0 }) { throw OutputWriteFailure(cause: cause) }
    }

    /// Keeps `error` unless one is kept already, or it is a closed pipe's.
    private static func record(_ error: any Error) {
        let cause = Errno(error)
        guard cause != .brokenPipe else { return }
        failure.withLock { if $0 == nil { $0 = cause } }
    }
}

import SystemPackage

import Glibc

/// A program started with `posix_spawn`, its standard input, output and error piped to this
/// process, as Foundation's `Process` with three `Pipe`s starts one (without linking Foundation,
/// and its ICU tables, into a command that needs no more of it).
///
/// The child starts with the default signal dispositions and an empty signal mask, whatever this
/// process had set, and inherits no descriptor but its three streams (with glibc 2.34 or later).
/// This process's ends of the pipes are closed on `exec`, so no later child holds them.
/// Thread-safe: `waitpid` reaps once.
package final class ChildProcess: Sendable {
    package let id: pid_t
    /// The write end of the child's standard input, to write to; `closeInput()` ends it.
    package let input: FileDescriptor
    /// The read ends of the child's standard output and error.
    package let output: FileDescriptor
    package let errors: FileDescriptor
    private let ended = Locked<Int32?>(nil)
    /// Whether `closeInput()` closed `input`: closed twice, the second `close` would close
    /// whatever descriptor another thread had been given that number meanwhile.
    private let inputClosed = Locked(false)

    /// Starts `executable` with `arguments` (not counting its own name) and this process's
    /// environment. Throws the `errno` of the pipe or spawn that failed: `ENOENT` or `EACCES`
    /// for a program that cannot be run.
    package init(executable: String, arguments: [String]) throws(Errno) {
        // Standard input's pipe is read by the child, output's and error's are written by it.
        var pipes: [(child: Int32, parent: Int32)] = []
        // The child's ends, which this process no longer needs once it runs (or failed to).
        defer { pipes.forEach { close($0.child) } }
        func fail(_ error: Errno) -> Errno {
            pipes.forEach { close($0.parent) }
            return error
        }
        for stream in 0..<3 {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw fail(.current) }
            pipes.append(stream == 0 ? (child: ends[0], parent: ends[1]) : (child: ends[1], parent: ends[0]))
            // pipe2(O_CLOEXEC) is not in Glibc's Swift module: a process another thread starts
            // between these calls could inherit these ends.
            guard fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0 else {
                throw fail(.current)
            }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copies, so the child keeps exactly these three.
        for (stream, pipe) in pipes.enumerated() { posix_spawn_file_actions_adddup2(&actions, pipe.child, Int32(stream)) }
        // And nothing else: descriptors this process opened without close-on-exec stay here.
        _ = Self.closeFrom?(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        guard result == 0 else { throw fail(Errno(rawValue: result)) }
        id = child
        input = FileDescriptor(rawValue: pipes[0].parent)
        output = FileDescriptor(rawValue: pipes[1].parent)
        errors = FileDescriptor(rawValue: pipes[2].parent)
    }

    deinit {
        closeInput()
        for descriptor in [output, errors] { try? descriptor.close() }
    }

    /// Closes the child's standard input, once whoever calls: the child's end of input.
    package func closeInput() {
        let first = inputClosed.withLock { closed in
            defer { closed = true }
            return !closed
        }
        if first { try? input.close() }
    }

    /// Reaps the child if it has exited, without waiting: its status (as `wait()` gives it), or
    /// `nil` while it runs.
    package func reapIfExited() -> Int32? {
        ended.withLock { ended in
            var status: Int32 = 0
            if ended == nil, waitpid(id, &status, WNOHANG) == id { ended = Self.exitCode(status) }
            return ended
        }
    }

    /// Asks the child to stop (`SIGTERM`), unless it has exited already.
    package func terminate() {
        if reapIfExited() == nil { kill(id, SIGTERM) }
    }

    /// Waits for the child to exit. Returns its exit status, or 128 plus the signal that ended
    /// it, as a shell reports it.
    @discardableResult
    package func wait() -> Int32 {
        ended.withLock { ended in
            if let ended { return ended }
            var status: Int32 = 0
            while waitpid(id, &status, 0) == -1, errno == EINTR {}
            let code = Self.exitCode(status)
            ended = code
            return code
        }
    }

    /// Reads up to the next line break (not included) or the end of the output.
    package func readOutputLine() throws(Errno) -> [UInt8] {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count: Int
            do {
                count = try withUnsafeMutableBytes(of: &byte) { try output.read(into: $0, retryOnInterrupt: true) }
            } catch {
                throw Errno(error)
            }
            guard count == 1, byte != 0x0A else { return line }
            line.append(byte)
        }
    }

    /// Reads the child's standard error to its end (the child's exit, or its closing it).
    package func readAllErrors() -> [UInt8] {
        var text: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while let count = try? buffer.withUnsafeMutableBytes({ try errors.read(into: $0, retryOnInterrupt: true) }),
            count > 0
        {
            text += buffer.prefix(count)
        }
        return text
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which its Swift module
    /// does not declare; `nil` on an older C library.
    private static let closeFrom = CFunction.load(
        "posix_spawn_file_actions_addclosefrom_np",
        as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)

    private static func exitCode(_ status: Int32) -> Int32 {
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Glibc's Swift module does not offer as macros.
        status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}

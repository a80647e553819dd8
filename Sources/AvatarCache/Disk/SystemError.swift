#if canImport(Glibc)
    import Glibc
#endif

/// An `errno` with its text, e.g. "No space left on device".
struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    var code: Int32

    static func current() -> SystemError { SystemError(code: errno) }

    var description: String { String(cString: strerror(code)) }
}

import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An `errno` with its text, e.g. "No space left on device".
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: Int32

    public init(code: Int32) { self.code = code }

    /// swift-system's error as this one.
    public init(_ errno: Errno) { code = errno.rawValue }

    /// The calling thread's `errno`, read at once (before anything else can change it).
    public static func current() -> SystemError { SystemError(code: errno) }

    public var description: String { String(cString: strerror(code)) }
}

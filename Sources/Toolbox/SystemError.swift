import FoundationEssentials
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An `errno` with its text, e.g. "No space left on device".
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    package var code: Int32

    package init(code: Int32) { self.code = code }

    /// The `errno` behind `error` (see `init(cause:)`); `EIO` for an error without one.
    package init(_ error: any Error) {
        self = SystemError(cause: error) ?? SystemError(code: EIO)
    }

    /// The `errno` behind `error`: a Foundation file error's underlying `POSIXError`, an `Errno`,
    /// or this type; `nil` when there is none.
    package init?(cause error: any Error) {
        switch error {
        case let error as Errno: code = error.rawValue
        case let error as SystemError: code = error.code
        case let error as POSIXError: code = error.code.rawValue
        case let error as CocoaError:
            guard let underlying = error.underlying, let cause = SystemError(cause: underlying) else { return nil }
            code = cause.code
        default: return nil
        }
    }

    /// `error` in one line for a message: the system's text for the `errno` behind it ("No such
    /// file or directory"), else the error as it describes itself.
    package static func describe(_ error: any Error) -> String {
        SystemError(cause: error)?.description ?? "\(error)"
    }

    /// The calling thread's `errno`, read at once (before anything else can change it).
    package static func current() -> SystemError { SystemError(code: errno) }

    package var description: String { String(cString: strerror(code)) }
}

import FoundationEssentials
import SystemPackage

import Glibc

/// swift-system's `Errno` is the project's one errno type, thrown typed and quoted in messages.
extension Errno {
    /// The calling thread's `errno`, read before anything else can change it.
    package static var current: Errno { Errno(rawValue: errno) }

    /// `error` as the `Errno` swift-system's calls throw; any other (none is expected) as `EIO`.
    package init(_ error: any Error) {
        self = Errno(cause: error) ?? .ioError
    }

    /// The `errno` behind `error`: an `Errno`, a `POSIXError`, or a Foundation file error's
    /// underlying one; `nil` when there is none.
    package init?(cause error: any Error) {
        switch error {
        case let error as Errno: self = error
        case let error as POSIXError: self = Errno(rawValue: error.code.rawValue)
        case let error as CocoaError:
            guard let underlying = error.underlying, let cause = Errno(cause: underlying) else { return nil }
            self = cause
        default: return nil
        }
    }

    /// `error` for a message: the system's text for its `errno`, else its own description.
    package static func describe(_ error: any Error) -> String {
        Errno(cause: error)?.description ?? "\(error)"
    }
}

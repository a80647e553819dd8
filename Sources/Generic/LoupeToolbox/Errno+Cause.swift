import FoundationEssentials
import SystemPackage

import Glibc

/// swift-system's `Errno` is the project's one errno type: what the file, process and device
/// tools throw (typed), and what messages quote ("No space left on device").
extension Errno {
    /// The calling thread's `errno`, read at once (before anything else can change it).
    package static var current: Errno { Errno(rawValue: errno) }

    /// `error` as the `Errno` it is: swift-system's calls throw nothing else. An error of
    /// another kind (none is expected) reads as `EIO`, an I/O error, rather than being lost.
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

    /// `error` in one line for a message: the system's text for the `errno` behind it ("No such
    /// file or directory"), else the error as it describes itself.
    package static func describe(_ error: any Error) -> String {
        Errno(cause: error)?.description ?? "\(error)"
    }
}

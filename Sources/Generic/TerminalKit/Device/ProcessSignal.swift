import Glibc

/// The signals a terminal program handles itself, by their POSIX numbers.
package enum ProcessSignal: Sendable, CaseIterable {
    case hangUp
    case interrupt
    case terminate
    case windowChange

    package var number: Int32 {
        switch self {
        case .hangUp: SIGHUP
        case .interrupt: SIGINT
        case .terminate: SIGTERM
        case .windowChange: SIGWINCH
        }
    }

    /// Stops the default action (quitting, for most), so a dispatch source can handle it.
    package func ignoreDefault() {
        _ = signal(number, SIG_IGN)
    }
}

import LoupeHTTP
import LoupePipeline
import RickAndMortyAPI

/// Why a batch (warm, export) stops starting items: what failed one would fail every other, so
/// one line says it. Also an item's failure when the deadline cut its work short.
package enum BatchStop: Error, Sendable, Hashable, CustomStringConvertible {
    /// No connection to the host could be made: it went away, or was never there.
    case hostGone(host: String, cause: HTTPError.Cause)
    /// The deadline the user set for the whole command (`--timeout`) passed.
    case deadlinePassed

    /// The stop `error` calls for; `nil` for a failure of one item alone (a 404, a corrupt image).
    /// An image's host gone stops the batch only when it is `apiHost` (`host:port`; `nil`: any).
    package init?(_ error: any Error, apiHost: String? = nil) {
        switch error {
        case let stop as BatchStop:
            self = stop
        case APIError.transport(let transport):
            // The API's own answers: its host, whatever `apiHost` says.
            guard let stop = BatchStop(transport) else { return nil }
            self = stop
        case ImagePipeline.Error.dataLoadingFailed(_, let underlying):
            guard let stop = BatchStop(underlying, apiHost: apiHost) else { return nil }
            self = stop
        case HTTPError.unreachable(let host, let cause):
            guard apiHost.map({ $0 == host.lowercased() }) ?? true else { return nil }
            self = .hostGone(host: host, cause: cause)
        case HTTPError.deadlinePassed:
            self = .deadlinePassed
        default:
            return nil
        }
    }

    /// Whether `error` says the request was never sent (the deadline passed while it waited here):
    /// not started, not failed.
    package static func neverSent(_ error: any Error) -> Bool {
        switch error {
        case APIError.transport(let transport): neverSent(transport)
        case ImagePipeline.Error.dataLoadingFailed(_, let underlying): neverSent(underlying)
        case HTTPError.deadlinePassed(_, let sent, _): !sent
        default: false
        }
    }

    /// Whether `error` is work the deadline cut short: a cancellation once `deadline` passed.
    package static func cutOff(_ error: any Error, by deadline: ContinuousClock.Instant?) -> Bool {
        guard let deadline, ContinuousClock.now >= deadline else { return false }
        return error is CancellationError || (error as? ImagePipeline.Error) == .cancelled
    }

    package var description: String {
        switch self {
        case .hostGone(let host, let cause): "\(host) stopped answering (\(cause))"
        case .deadlinePassed: "the deadline passed"
        }
    }
}

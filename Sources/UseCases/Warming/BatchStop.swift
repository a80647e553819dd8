import LoupeHTTP
import LoupePipeline
import RickAndMortyAPI

/// Why a batch (warm, export) stops starting items: what failed one item would fail every
/// other, so one line says it instead of one an item, and the summary says what was not started.
package enum BatchStop: Sendable, Hashable, CustomStringConvertible {
    /// No connection to the host could be made: it went away, or was never there.
    case hostGone(host: String, cause: HTTPError.Cause)
    /// The deadline the user set for the whole command (`--timeout`) passed.
    case deadlinePassed

    /// The stop `error` calls for, looking through the errors that carry a transport's; `nil`
    /// for a failure of one item alone (a 404, a corrupt image).
    package init?(_ error: any Error) {
        switch error {
        case let failure as WarmFailure:
            guard case .failed(let cause) = failure, let stop = BatchStop(cause) else { return nil }
            self = stop
        case APIError.transport(let transport):
            guard let stop = BatchStop(transport) else { return nil }
            self = stop
        case ImagePipeline.Error.dataLoadingFailed(_, let underlying):
            guard let stop = BatchStop(underlying) else { return nil }
            self = stop
        case HTTPError.unreachable(let host, let cause):
            self = .hostGone(host: host, cause: cause)
        case HTTPError.deadlinePassed:
            self = .deadlinePassed
        default:
            return nil
        }
    }

    package var description: String {
        switch self {
        case .hostGone(let host, let cause): "\(host) stopped answering (\(cause))"
        case .deadlinePassed: "the deadline passed"
        }
    }
}

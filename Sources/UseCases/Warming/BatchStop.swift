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
    /// for a failure of one item alone (a 404, a corrupt image, a refused URL). An image's host
    /// stops the batch only when it is the API's (`apiHost`, `host:port`; `nil`: any host): an
    /// avatar on another host that is gone fails that avatar, and the batch goes on.
    package init?(_ error: any Error, apiHost: String? = nil) {
        switch error {
        case let failure as WarmFailure:
            guard case .failed(let cause) = failure, let stop = BatchStop(cause, apiHost: apiHost) else { return nil }
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

    package var description: String {
        switch self {
        case .hostGone(let host, let cause): "\(host) stopped answering (\(cause))"
        case .deadlinePassed: "the deadline passed"
        }
    }
}

import LoupePipeline
import RickAndMortyAPI

/// Why a page or an avatar could not be warmed, with its cause kept until the report says it.
package enum WarmFailure: Error, Sendable, CustomStringConvertible {
    /// The request or the image failed; the error says how.
    case failed(any Error)
    /// The server could not confirm a cached avatar (`warm --refresh`); the stale copy was kept.
    case staleKept

    package var description: String {
        switch self {
        case .failed(let error): "\(error)"
        case .staleKept: "could not revalidate; the stale copy was kept"
        }
    }

    /// The wait a throttled server asked for, in seconds.
    var retryAfter: Double? {
        if case .failed(let error) = self, case .throttled(_, let seconds)? = error as? APIError { return seconds }
        return nil
    }
}

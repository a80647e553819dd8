import LoupeToolbox
import RickAndMortyAPI

/// The server's own API root, known only once the socket is bound (port 0 picks one).
final class BaseURL: Sendable {
    // swift-format-ignore: NeverForceUnwrap
    private let value = Locked(APIRoot("http://127.0.0.1/api")!)

    func set(_ root: APIRoot) {
        value.withLock { $0 = root }
    }

    func get() -> APIRoot {
        value.withLock { $0 }
    }
}

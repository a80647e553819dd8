import LoupeToolbox

/// The server's own API root, known only once the socket is bound (port 0 picks one).
final class BaseURL: Sendable {
    private let value = Locked("http://127.0.0.1/api")

    func set(_ url: String) {
        value.withLock { $0 = url }
    }

    func get() -> String {
        value.withLock { $0 }
    }
}

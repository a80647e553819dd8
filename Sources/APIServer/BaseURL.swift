import NIOConcurrencyHelpers

/// The server's own API root, known only once the socket is bound (port 0 picks one).
final class BaseURL: Sendable {
    private let value = NIOLockedValueBox("http://127.0.0.1/api")

    func set(_ url: String) {
        value.withLockedValue { $0 = url }
    }

    func get() -> String {
        value.withLockedValue { $0 }
    }
}

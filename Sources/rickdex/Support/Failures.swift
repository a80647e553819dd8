import NIOConcurrencyHelpers

/// Messages gathered from concurrent work, to report once it is done.
final class Failures: Sendable {
    private let messages = NIOLockedValueBox<[String]>([])

    func add(_ message: String) { messages.withLockedValue { $0.append(message) } }
    var all: [String] { messages.withLockedValue { $0 } }
}

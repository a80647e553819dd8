import Synchronization

/// Messages gathered from concurrent work, to report once it is done.
final class Failures: Sendable {
    private let messages = Mutex<[String]>([])

    func add(_ message: String) { messages.withLock { $0.append(message) } }
    var all: [String] { messages.withLock { $0 } }
}

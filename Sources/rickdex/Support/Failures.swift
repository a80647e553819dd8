import LoupeToolbox

/// Messages gathered from concurrent work, to report once it is done.
final class Failures: Sendable {
    private let messages = Locked<[String]>([])

    func add(_ message: String) { messages.withLock { $0.append(message) } }
    var all: [String] { messages.withLock { $0 } }
}

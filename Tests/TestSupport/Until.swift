/// A wait that went on past its bound: a hang, turned into a failure that says what never came.
package struct WaitedTooLong: Error, CustomStringConvertible {
    package let what: String
    package let limit: Duration

    package var description: String { "waited \(limit) for \(what), which never came" }
}

/// Returns once `condition` holds, looking every millisecond. Past `limit` it throws
/// `WaitedTooLong`: the bound only turns a hang into a failure (every wait it serves is over in
/// milliseconds alone, and in seconds under a full run's load), so it is generous.
package func until(_ what: String, within limit: Duration = .seconds(300), _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while !condition() {
        guard ContinuousClock.now < deadline else { throw WaitedTooLong(what: what, limit: limit) }
        try await Task.sleep(for: .milliseconds(1))
    }
}

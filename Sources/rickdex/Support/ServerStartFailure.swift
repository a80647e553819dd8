/// The loopback server could not listen on its address.
struct ServerStartFailure: Error, CustomStringConvertible {
    let host: String
    let port: Int
    let reason: String

    var description: String {
        "cannot serve on \(host):\(port): \(reason)"
    }

    /// Runs `start`, turning a bind failure into this error.
    static func wrapping<T>(host: String, port: Int, _ start: () async throws -> T) async throws -> T {
        do {
            return try await start()
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ServerStartFailure(host: host, port: port, reason: "\(error)")
        }
    }
}

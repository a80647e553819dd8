import LoupeToolbox

/// The connections each client holds open on one server, by remote address, to refuse those past
/// `ConnectionLimits.connectionsPerClient`. Thread-safe: the server's event loops share it.
final class ClientConnections: Sendable {
    private let limit: Int
    private let open = Locked<[String: Int]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a new connection from `client`; `false`, counting nothing, when it holds `limit`.
    func admit(_ client: String) -> Bool {
        open.withLock { open in
            let held = open[client, default: 0]
            guard held < limit else { return false }
            open[client] = held + 1
            return true
        }
    }

    /// Forgets one connection of `client`, admitted before.
    func release(_ client: String) {
        open.withLock { open in
            let held = open[client, default: 0] - 1
            open[client] = held > 0 ? held : nil
        }
    }

    func count(of client: String) -> Int {
        open.withLock { $0[client, default: 0] }
    }
}

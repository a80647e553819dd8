/// How long `serve` waits on a client and how many connections one client may hold, as nginx
/// bounds them (`keepalive_timeout`, `client_header_timeout`, `limit_conn`): without them, a
/// client that opens connections and says nothing holds the server's sockets for ever.
package struct ConnectionLimits: Sendable, Hashable {
    /// How long a connection may sit between requests before it is closed: nginx's
    /// `keepalive_timeout` (75 s there), well past a client's pause between two requests.
    package var idleTimeout: Duration
    /// How long a request's header may take to arrive, from its first byte (or the connection's
    /// start): nginx's `client_header_timeout` (60 s there).
    package var headerTimeout: Duration
    /// Connections one client (a remote address) may hold at once; past it, a new one is closed
    /// as soon as it is accepted: nginx's `limit_conn`. Above what Rickdex opens to a host (8 over
    /// HTTP/1.1) and what a proxy in front of `serve` opens for an HTTP/2 client's 64 streams.
    package var connectionsPerClient: Int

    package init(idleTimeout: Duration = .seconds(65), headerTimeout: Duration = .seconds(60), connectionsPerClient: Int = 128) {
        self.idleTimeout = idleTimeout
        self.headerTimeout = headerTimeout
        self.connectionsPerClient = connectionsPerClient
    }

    /// The defaults: 65 s idle, 60 s for a header, 128 connections a client.
    package static let standard = ConnectionLimits()
}

import Logging
import NIOCore

/// Admits a new connection within its client's share (`ClientConnections`), or closes it at once;
/// an admitted one gets a `HeaderDeadline` in front of its HTTP decoder. Hummingbird adds it after
/// its HTTP handlers; it passes reads on untouched. Event-loop bound.
final class ConnectionGate: ChannelInboundHandler, RemovableChannelHandler {
    /// Whatever comes, passed on untouched: NIO takes only handlers of a direction.
    typealias InboundIn = Any

    private let clients: ClientConnections
    private let headerTimeout: TimeAmount
    private let logger: Logger
    /// The client counted for this connection, once admitted.
    private var admitted: String?

    init(clients: ClientConnections, headerTimeout: TimeAmount, logger: Logger) {
        self.clients = clients
        self.headerTimeout = headerTimeout
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let client = context.channel.remoteAddress?.ipAddress ?? "local"
        guard clients.admit(client) else {
            logger.info("Refused a connection from \(client): it already holds its share of connections")
            context.close(promise: nil)
            return
        }
        admitted = client
        do {
            // Raw bytes, ahead of the decoder, which says nothing until a header is whole.
            try context.pipeline.syncOperations.addHandler(HeaderDeadline(timeout: headerTimeout), position: .first)
        } catch {
            context.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if let admitted { clients.release(admitted) }
        admitted = nil
    }
}

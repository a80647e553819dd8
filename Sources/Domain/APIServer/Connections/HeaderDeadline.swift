import NIOCore

/// Closes a connection whose request header does not arrive whole within a timeout, counted from
/// the header's first byte, or from the connection for its first request: nginx's
/// `client_header_timeout`. It reads the raw bytes ahead of the HTTP decoder (which says nothing
/// before a header is whole) and finds a header's end itself. Between requests the idle timeout
/// (Hummingbird's) bounds the wait. Event-loop bound.
final class HeaderDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let timeout: TimeAmount
    private var deadline: Scheduled<Void>?
    /// Whether the header line being read has a character yet: a line feed after none ends it.
    private var lineHasContent = false

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        for byte in unwrapInboundIn(data).readableBytesView {
            if deadline == nil { start(context) }
            switch byte {
            case UInt8(ascii: "\n"):
                if !lineHasContent { stop() }
                lineHasContent = false
            case UInt8(ascii: "\r"):
                break
            default:
                lineHasContent = true
            }
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        lineHasContent = false
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            context.close(promise: nil)
        }
    }

    private func stop() {
        deadline?.cancel()
        deadline = nil
    }
}

import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

/// The answers of a `Misbehavior`. Each stops when the client hangs up or the server shuts down,
/// so a client that gives up leaves nothing running.
enum HostileResponse {
    static func make(_ misbehavior: Misbehavior, for request: Request, payload: () throws -> Payload) async throws
        -> Response
    {
        switch misbehavior {
        case .trickle:
            let real = try payload()
            let body = ResponseBody(contentLength: real.body.count) { writer in
                for byte in real.body {
                    try await writer.write(ByteBuffer(bytes: [byte]))
                    try await cancelWhenGracefulShutdown { try await LoopClock.sleep(for: .seconds(1)) }
                }
                try await writer.finish(nil)
            }
            return Response(status: real.status, headers: real.fields, body: body)
        case .redirectLoop:
            var fields = HTTPFields()
            fields[.location] = request.uri.description
            return Response(status: .found, headers: fields)
        case .oversize, .endless:
            // 1 GiB announced and sent, or zeros with no length and no end.
            let limit = misbehavior == .oversize ? 1 << 30 : nil
            var fields = HTTPFields()
            fields[.contentType] = "image/jpeg"
            let body = ResponseBody(contentLength: limit) { writer in try await writeZeros(to: &writer, upTo: limit) }
            return Response(status: .ok, headers: fields, body: body)
        case .silent:
            try await cancelWhenGracefulShutdown { try await LoopClock.sleep(for: .seconds(86_400)) }
            throw DroppedConnection()
        }
    }

    /// Zeros in 64 KiB chunks until `limit` bytes (never, when `nil`), the client hangs up, or
    /// the server shuts down.
    private static func writeZeros(to writer: inout any ResponseBodyWriter, upTo limit: Int?) async throws {
        let chunk = ByteBuffer(repeating: 0, count: 64 << 10)
        var sent = 0
        while limit.map({ sent < $0 }) ?? true, !Task.isShuttingDownGracefully {
            try await writer.write(chunk)
            sent += chunk.readableBytes
        }
        throw DroppedConnection()
    }
}

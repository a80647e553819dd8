import FoundationEssentials
import Hummingbird
import Logging
import LoupeToolbox

/// One line a request, as web servers write their access logs: method, target, status, body
/// bytes and time taken, at `info` level (so `serve -v` shows them).
struct AccessLog<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            write(request, status: response.status.code, bytes: response.body.contentLength, since: start)
            return response
        } catch let error as HTTPResponseError {
            write(request, status: error.status.code, bytes: nil, since: start)
            throw error
        } catch {
            write(request, status: 500, bytes: nil, since: start)
            throw error
        }
    }

    private func write(_ request: Request, status: Int, bytes: Int?, since start: ContinuousClock.Instant) {
        let milliseconds = (start.duration(to: .now).seconds * 1000).decimalText(places: 1)
        let size = bytes.map(String.init) ?? "-"
        logger.info("\(request.method) \(request.uri.description) \(status) \(size) \(milliseconds)ms")
    }
}

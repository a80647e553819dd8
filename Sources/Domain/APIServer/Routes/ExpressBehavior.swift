import HTTPTypes
import Hummingbird
import NIOCore
import RickAndMortyAPI

/// What Express does around every route of the real API, around `APIRouter`'s routes: `HEAD`
/// answered as `GET` without the body, and a path no route takes answered with Express's 404
/// handler in JSON, `{"error":"There is nothing here."}`, CORS included.
struct ExpressBehavior<Routes: HTTPResponderBuilder>: HTTPResponderBuilder
where Routes.Responder.Context == BasicRequestContext {
    let routes: Routes

    /// Names `HTTPResponderBuilder.Responder` itself: a generic nested type of that name clashed with
    /// the requirement the compiler synthesizes, which only the whole-module (release) build reports.
    struct Responder: HTTPResponder {
        let inner: Routes.Responder

        func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
            guard request.method == .head else { return try await answer(request, context: context) }
            var head = request.head
            head.method = .get
            var response = try await answer(Request(head: head, body: request.body), context: context)
            response.body = ResponseBody()
            return response
        }

        private func answer(_ request: Request, context: BasicRequestContext) async throws -> Response {
            let response: Response
            do {
                response = try await inner.respond(to: request, context: context)
            } catch let error as HTTPError where error.status == .notFound {
                return Self.noRoute
            }
            // The router's own 404 for a path no route takes has no body; the routes' have JSON.
            return response.status == .notFound && response.headers[.contentType] == nil ? Self.noRoute : response
        }

        private static var noRoute: Response {
            let body = Array(#"{"error":"\#(ErrorBodyDTO.noRoute)"}"#.utf8)
            var fields = HTTPFields()
            fields[.contentType] = "application/json; charset=utf-8"
            fields[.accessControlAllowOrigin] = "*"
            return Response(status: .notFound, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
    }

    func buildResponder() -> Responder {
        Responder(inner: routes.buildResponder())
    }
}

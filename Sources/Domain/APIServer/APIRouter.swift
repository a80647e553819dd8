import FoundationEssentials
import LoupeHTTP
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import RickAndMortyAPI
import LoupeToolbox

/// Builds the routes of `APIServer` and applies its fault plan to every answer.
struct APIRouter: Sendable {
    let characters: ResourceRoutes<CharacterDTO>
    let episodes: ResourceRoutes<EpisodeDTO>
    let locations: ResourceRoutes<LocationDTO>
    let avatars: AvatarLibrary
    let faults: FaultInjector
    /// The server's own root, known once its socket is bound (port 0 picks one).
    let bound: Locked<APIRoot>
    /// `--public-url`; `nil` to follow each request (`PublicRoot`).
    let publicRoot: APIRoot?
    let headers: HeaderStyle
    let jsonCacheControl: String?
    let avatarCacheControl: String

    init(dataset: Dataset, configuration: APIServerConfiguration, bound: Locked<APIRoot>) {
        characters = ResourceRoutes(items: dataset.characters)
        episodes = ResourceRoutes(items: dataset.episodes)
        locations = ResourceRoutes(items: dataset.locations)
        avatars = AvatarLibrary(directory: dataset.avatarsDirectory)
        faults = FaultInjector(plan: configuration.faults)
        self.bound = bound
        publicRoot = configuration.publicRoot
        headers = configuration.headers
        jsonCacheControl = configuration.jsonCacheControl ?? configuration.headers.jsonCacheControl
        avatarCacheControl = configuration.avatarCacheControl ?? configuration.headers.avatarCacheControl
    }

    /// The root this request's answer writes its URLs under.
    private func root(_ request: Request) -> APIRoot {
        publicRoot ?? PublicRoot.root(for: request.headers, authority: request.head.authority) ?? bound.withLock { $0 }
    }

    /// The routes, each logged to `logger` (the access log comes first, so it sees them all).
    func build(logger: Logger) -> Router<BasicRequestContext> {
        let router = Router()
        router.middlewares.add(AccessLog(logger: logger))
        router.get("/api") { request, _ in
            try await respond(request) {
                try .json(APIIndex(root: root(request)))
            }
        }
        router.get("/api/character/avatar") { request, _ in
            try await respond(request) { .error(.notFound, ErrorBodyDTO.noRoute) }
        }
        router.get("/api/character/avatar/:file") { request, context in
            try await respond(request, avatar: true) { avatar(file: context.parameters.get("file") ?? "", request: request) }
        }
        register(characters, on: router)
        register(episodes, on: router)
        register(locations, on: router)
        return router
    }

    private func register<Resource: WireResource>(_ routes: ResourceRoutes<Resource>, on router: Router<BasicRequestContext>) {
        router.get("/api/\(Resource.kind.rawValue)") { request, _ in
            try await respond(request) {
                let items = request.uri.queryParameters.map { URLQueryItem(name: String($0.key), value: String($0.value)) }
                return try routes.list(
                    ResourceQuery(queryItems: items.map(Self.decoded)), root: root(request),
                    trailingSlash: request.uri.path.hasSuffix("/"))
            }
        }
        router.get("/api/\(Resource.kind.rawValue)/:ids") { request, context in
            try await respond(request) {
                try routes.lookup(Self.decoded(context.parameters.get("ids") ?? ""), root: root(request))
            }
        }
    }

    private func avatar(file: String, request: Request) -> Payload {
        // No such file: Express's static files pass it on to the 404 handler, with its full stop.
        guard let id = Self.avatarID(file), let avatar = avatars.avatar(id: id) else {
            return .error(.notFound, ErrorBodyDTO.noRoute)
        }
        var validators: [(HTTPField.Name, String)] = [
            (.eTag, headers == .origin ? avatar.weakTag : avatar.etag), (.lastModified, HTTPDate.format(avatar.lastModified)),
            (.cacheControl, avatarCacheControl),
        ]
        // Express's static files accept ranges; the CDN's answers are whole.
        if headers == .origin { validators.append((.acceptRanges, "bytes")) }
        if avatar.isCurrent(ifNoneMatch: request.headers[.ifNoneMatch], ifModifiedSince: request.headers[.ifModifiedSince]) {
            return Payload(status: .notModified, contentType: "image/jpeg", headers: validators, body: [])
        }
        // The real service labels every avatar image/jpeg, PNG bytes included.
        return Payload(status: .ok, contentType: "image/jpeg", headers: validators, body: avatar.bytes)
    }

    /// Runs a handler behind the fault plan: a misbehavior, or latency, then maybe a 500, a 429,
    /// a consistently shortened body or a connection dropped mid-body.
    private func respond(_ request: Request, avatar: Bool = false, _ make: @Sendable () throws -> Payload) async throws
        -> Response
    {
        if let misbehavior = faults.plan.misbehavior, avatar || !faults.plan.misbehavesOnAvatarsOnly {
            return try await HostileResponse.make(misbehavior, for: request, payload: { try make() })
        }
        let target = request.uri.description
        let slow = faults.plan.slowOnly.isEmpty || faults.plan.slowOnly.contains(where: target.contains)
        if faults.plan.latency > .zero, slow {
            try await LoopClock.sleep(for: faults.plan.latency)
        }
        let fault = faults.plan.alwaysFailing.contains(where: target.contains) ? .fail : faults.draw()
        switch fault {
        case .fail:
            return response(Payload(status: .internalServerError, contentType: "text/html; charset=utf-8", body: Self.errorPage))
        case .throttle:
            var payload = Payload.error(.tooManyRequests, "Too many requests, slow down")
            payload.headers.append((.retryAfter, String(faults.plan.retryAfterSeconds)))
            return response(payload)
        case .truncate:
            var payload = try make().taggingJSON(request: request, cacheControl: jsonCacheControl)
            payload.body = Array(payload.body.prefix(payload.body.count / 2))
            return response(payload)
        case .drop:
            return response(try make().taggingJSON(request: request, cacheControl: jsonCacheControl), dropped: true)
        case .none:
            return response(try make().taggingJSON(request: request, cacheControl: jsonCacheControl))
        }
    }

    private func response(_ payload: Payload, dropped: Bool = false) -> Response {
        var fields = payload.fields
        // The real service answers every origin (the `cors` middleware's default).
        fields[.accessControlAllowOrigin] = "*"
        guard dropped, payload.body.count > 1 else {
            return Response(
                status: payload.status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: payload.body)))
        }
        // Promise the whole length, send half, then fail the write so the connection closes.
        let half = payload.body.prefix(payload.body.count / 2)
        let body = ResponseBody(contentLength: payload.body.count) { writer in
            try await writer.write(ByteBuffer(bytes: half))
            throw DroppedConnection()
        }
        return Response(status: payload.status, headers: fields, body: body)
    }

    /// The character whose avatar file is named `file` (`12.jpeg`, percent-decoded as Express's
    /// static files decode it), or `nil`: the real service serves files by name, so only the name
    /// an id's file has is one (`01.jpeg`, `+1.jpeg` and `1.JPEG` name no file there).
    static func avatarID(_ file: String) -> Int? {
        let name = decoded(file)
        guard name.hasSuffix(".jpeg"), let id = Int(name.dropLast(5)), "\(id).jpeg" == name else { return nil }
        return id
    }

    /// Path parameters arrive percent-encoded (`%5B1,2%5D`).
    private static func decoded(_ text: String) -> String {
        text.percentDecodedStrictly ?? text
    }

    private static func decoded(_ item: URLQueryItem) -> URLQueryItem {
        URLQueryItem(name: decoded(item.name), value: item.value.map { decoded(String($0.replacing("+", with: " "))) })
    }

    private static let errorPage = Array(
        "<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>\n"
            .utf8)
}

/// Thrown mid-body to make the server drop a connection on purpose.
struct DroppedConnection: Error {}

/// `GET /api`: where each resource lives, keys in the real API's order.
struct APIIndex: Encodable {
    var characters: String
    var locations: String
    var episodes: String

    init(root: APIRoot) {
        let url = { (path: APIPath) in root.url(for: path)?.absoluteString ?? "" }
        (characters, locations, episodes) = (url("character"), url("location"), url("episode"))
    }
}

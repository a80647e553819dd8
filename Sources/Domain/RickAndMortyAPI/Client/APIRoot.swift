import FoundationEssentials

/// Where an API lives: an http(s) URL with a host, normalized once (scheme and host in lower
/// case, no default port, no trailing slash, no `user:password@`), every address under it a path relative to it
/// (`character/1`, `character/avatar/1.jpeg`).
///
/// The one model of addresses: a request is a path resolved under the root the client was given;
/// an answer's URLs are read under it (`adopting(_:from:)`, when decoded); and `--json` and
/// `serve` write them under the root they are given (`CodingUserInfoKey.apiRoot`, when encoded).
public struct APIRoot: Sendable, Hashable, CustomStringConvertible {
    /// The real service, whose root the API's answers and the bundled dataset name.
    // swift-format-ignore: NeverForceUnwrap
    public static let realService = APIRoot("https://rickandmortyapi.com/api")!

    /// The root as text, without a trailing slash: `http://127.0.0.1:8917/api`.
    public let description: String

    /// `text` as a root, or `nil` when it is not an http(s) URL with a host (and no query).
    public init?(_ text: String) {
        guard var parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = parts.host, !host.isEmpty, parts.query == nil,
            parts.fragment == nil
        else { return nil }
        parts.scheme = scheme
        parts.host = host.lowercased()
        // A root names a place, not who goes there: credentials travel apart (`HostLogin`).
        parts.user = nil
        parts.password = nil
        if parts.port == (scheme == "https" ? 443 : 80) { parts.port = nil }
        var path = Substring(parts.percentEncodedPath)
        while path.hasSuffix("/") { path = path.dropLast() }
        parts.percentEncodedPath = String(path)
        guard let normalized = parts.string else { return nil }
        description = normalized
    }

    /// `url` as a root, or `nil` when it is not an http(s) URL with a host.
    public init?(url: URL) {
        self.init(url.absoluteString)
    }

    private init(verbatim text: String) {
        description = text
    }

    /// The root as a URL.
    // swift-format-ignore: NeverForceUnwrap
    public var url: URL { URL(string: description)! }

    /// `host[:port]`, for messages.
    public var authority: String {
        let rest = description.drop { $0 != "/" }.dropFirst(2)
        return String(rest.prefix { $0 != "/" })
    }

    /// The URL of `path` under the root, `nil` when `path` makes no URL.
    public func resolve(_ path: String) -> URL? {
        URL(string: description + "/" + path)
    }

    /// The path of `url` under the root (`character/1`), or `nil` when it is not under it.
    public func relativize(_ url: String) -> String? {
        guard url.hasPrefix(description), url.utf8.count > description.utf8.count else { return nil }
        let rest = url.dropFirst(description.count)
        return rest.hasPrefix("/") ? String(rest.dropFirst()) : nil
    }

    /// `url` moved under this root when it is under one of `roots`; any other URL (another host,
    /// a sibling path) as written.
    public func adopting(_ url: String, from roots: [APIRoot]) -> String {
        Self.moving(url, from: roots, to: description)
    }

    /// `url` moved from under one of `roots` to under the root written `root`.
    static func moving(_ url: String, from roots: [APIRoot], to root: String) -> String {
        // Already there (a root the others are a prefix of, as `http://h/api` of `http://h`).
        if url.hasPrefix(root), url.utf8.dropFirst(root.utf8.count).first == UInt8(ascii: "/") { return url }
        for from in roots where from.description != root {
            if let path = from.relativize(url) { return root + "/" + path }
        }
        return url
    }

    /// The root of a resource's own URL, `<root>/<kind>/<id>`; `nil` for any other shape.
    /// Read for every item of every answer, so checked by its prefix, not parsed.
    static func of(_ url: String, kind: ResourceKind, id: Int) -> APIRoot? {
        let suffix = "/\(kind.rawValue)/\(id)"
        guard url.hasSuffix(suffix), url.hasPrefix("http://") || url.hasPrefix("https://") else { return nil }
        return APIRoot(verbatim: String(url.dropLast(suffix.count)))
    }
}

extension CodingUserInfoKey {
    /// The `APIRoot` a model's URLs are read under (decoding) or written under (encoding).
    // swift-format-ignore: NeverForceUnwrap
    public static let apiRoot = CodingUserInfoKey(rawValue: "apiRoot")!
}

extension Encoder {
    /// How a URL of a dataset (under the real service's root) is written: under the root in
    /// `userInfo`, when one is given (`serve`, `--json`), else as it is.
    var datasetURLs: (String) -> String {
        guard let root = userInfo[.apiRoot] as? APIRoot else { return { $0 } }
        let dataset: [APIRoot] = [.realService]
        return { root.adopting($0, from: dataset) }
    }
}

import FoundationEssentials

/// Where an API lives: an http(s) URL with a host, normalized once (scheme and host in lower
/// case, no default port, no trailing slash, no `user:password@`). Answers' addresses are kept
/// relative to it (`path(of:)`) and made URLs only at the edge (`url(for:)`).
public struct APIRoot: Sendable, Hashable, CustomStringConvertible {
    /// The real service, whose root the API's answers and the bundled dataset name.
    // swift-format-ignore: NeverForceUnwrap
    public static let realService = APIRoot("https://rickandmortyapi.com/api")!

    /// The root as text, without a trailing slash: `http://127.0.0.1:8917/api`.
    public let description: String
    /// The root with a trailing slash, which relative paths resolve against (RFC 3986).
    private let base: URL

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
        parts.percentEncodedPath.append("/")
        guard let base = parts.url else { return nil }
        (description, self.base) = (normalized, base)
    }

    /// `url` as a root, or `nil` when it is not an http(s) URL with a host.
    public init?(url: URL) {
        self.init(url.absoluteString)
    }

    /// The root as a URL.
    // swift-format-ignore: NeverForceUnwrap
    public var url: URL { URL(string: description)! }

    /// The URL of `path` under the root (a whole URL as it is), `nil` when `path` makes no URL: a
    /// value with neither a scheme nor a plain relative path (`//host/x`, `/x`) goes nowhere.
    public func url(for path: APIPath) -> URL? {
        guard let reference = URL(string: path.description) else { return nil }
        if reference.scheme != nil { return reference }
        guard Self.isPlainRelative(path.description[...]) else { return nil }
        return URL(string: path.description, relativeTo: base)?.absoluteURL
    }

    /// `url`'s path under the root (`character/1`), or `nil` when it is not under it.
    public func path(of url: String) -> APIPath? {
        Self.path(of: url, under: description)
    }

    /// `url`'s path under the root written `root`, or `nil`. Read for every URL of every answer,
    /// so checked by its prefix, not parsed.
    static func path(of url: String, under root: String) -> APIPath? {
        guard url.hasPrefix(root), url.utf8.count > root.utf8.count + 1 else { return nil }
        let rest = url.dropFirst(root.count)
        guard rest.hasPrefix("/"), isPlainRelative(rest.dropFirst()) else { return nil }
        return APIPath(String(rest.dropFirst()))
    }

    /// Whether `text` resolves under a root as a path below it (RFC 3986): not `/x` or `//host/x`,
    /// and no `:` before its first `/`, `?` or `#`, which would read as a scheme.
    static func isPlainRelative(_ text: Substring) -> Bool {
        guard !text.isEmpty, !text.hasPrefix("/") else { return false }
        let head = text.prefix { !"/?#".contains($0) }
        return !head.contains(":")
    }
}

extension CodingUserInfoKey {
    /// The `APIRoot` a model's URLs are read under (decoding) or written under (encoding).
    // swift-format-ignore: NeverForceUnwrap
    public static let apiRoot = CodingUserInfoKey(rawValue: "apiRoot")!
}

extension Encoder {
    /// The root a model's URLs are written under: `userInfo`'s, else the real service's.
    var apiRoot: APIRoot { userInfo[.apiRoot] as? APIRoot ?? .realService }
}

import FoundationEssentials

/// Which API a cache entry belongs to, independent of the address it was reached at.
///
/// URLs under the API's root are keyed by their path below it, qualified by the identity's name:
/// a local server that listens on a new port every run still finds what it cached last time,
/// when it keeps its name, and one service's entries never mix with another's. Answers are stored with their URLs
/// under `canonicalRoot` (the service's public root), so a copy reached through a proxy or a new
/// port reads back under whatever root the API has now.
public struct APIIdentity: Sendable, Hashable {
    /// The caller's name for the API: a short name for a local server, or its root as written
    /// (`https://api.example.com/v1`).
    public let name: String
    /// Where the API is reached now; `nil` offline, when no address is known or needed.
    public let baseURL: URL?
    /// The service's public root, which its answers name and stored answers are written under.
    public let canonicalRoot: String

    public init(name: String, baseURL: URL?, canonicalRoot: String) {
        self.name = name
        self.baseURL = baseURL
        self.canonicalRoot = canonicalRoot.hasSuffix("/") ? String(canonicalRoot.dropLast()) : canonicalRoot
    }

    /// The key of an API answer, by its path under the root (`character?page=2`).
    public func key(forPath path: String) -> CacheKey {
        CacheKey(["api", name, path])
    }

    /// The key of any URL: relative to the API when under its root (or under the canonical one,
    /// whose avatar URLs a dataset may keep), absolute otherwise.
    public func key(for url: URL) -> CacheKey {
        let text = url.absoluteString
        for root in [baseURL?.absoluteString, canonicalRoot].compactMap({ $0 }) {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            if text.hasPrefix(prefix) {
                return key(forPath: String(text.dropFirst(prefix.count)))
            }
        }
        return CacheKey(["url", text])
    }

    /// Keys every URL by itself, whatever its host: for images from anywhere, with no API root
    /// to make addresses independent of.
    public static let anyURL = APIIdentity(name: "", baseURL: nil, canonicalRoot: "")
}

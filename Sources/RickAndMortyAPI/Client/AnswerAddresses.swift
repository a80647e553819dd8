import LoupeToolbox

/// The URLs in an API answer, moved under the API root the client was given, so that every
/// request (avatars, episodes, locations, residents) goes through `--api`: a caching proxy in
/// front of the API then sees all of them.
///
/// A URL under the real service's root, or under the root the answer says it came from (the root
/// of its resources' own `url` fields: behind a proxy, the upstream's address), is moved. A URL
/// on any other host stays as written and is listed in `foreignHosts`.
package struct AnswerAddresses: Sendable {
    /// The body with its URLs moved under `apiRoot`.
    package var body: [UInt8]
    /// The root the answer's resources named for themselves, when it is not the API root.
    package var declaredRoot: String?
    /// Hosts of URLs left as written, `host[:port]`, sorted.
    package var foreignHosts: [String]

    /// Moves the URLs in `body` (an answer for a resource at `resourcePath`, e.g. `character`)
    /// under `apiRoot` (no trailing slash).
    package init(routing body: [UInt8], resourcePath: String, apiRoot: String) {
        // Byte ranges, not strings: a page holds hundreds of URLs, and only a few need be text.
        let strings = Self.strings(in: body)
        let urls = strings.filter { body[$0].starts(with: Self.http) || body[$0].starts(with: Self.https) }
        // The values of every `"url"` key: the resources' own URLs (and their places').
        let selfURLs = zip(strings, strings.dropFirst()).lazy.filter { body[$0.0].elementsEqual(Self.urlKey) }.map(\.1)
        let declared = selfURLs.compactMap {
            Self.root(of: String(decoding: body[$0], as: UTF8.self), resourcePath: resourcePath)
        }.first
        var roots = [Dataset.canonicalBase]
        if let declared, declared != apiRoot, declared != Dataset.canonicalBase { roots.append(declared) }
        roots.removeAll { $0 == apiRoot }
        var routed = body
        for root in roots {
            let prefix = Array((root + "/").utf8)
            guard urls.contains(where: { body[$0].starts(with: prefix) }) else { continue }
            routed = URLRewriter.replacing(routed, prefix: prefix, with: Array((apiRoot + "/").utf8))
        }
        self.body = routed
        declaredRoot = declared == apiRoot ? nil : declared
        let moved = (roots + [apiRoot]).map { Array(($0 + "/").utf8) }
        let foreign = urls.filter { url in !moved.contains { body[url].starts(with: $0) } }
        foreignHosts = Set(foreign.compactMap { Self.host(of: String(decoding: body[$0], as: UTF8.self)) }).sorted()
    }

    private static let http = Array("http://".utf8)
    private static let https = Array("https://".utf8)
    private static let urlKey = Array("url".utf8)

    /// The root of a resource's own URL, `<root>/<resourcePath>/<id>`; `nil` for any other shape.
    static func root(of url: String, resourcePath: String) -> String? {
        guard let slash = url.lastIndex(of: "/"), !url[url.index(after: slash)...].isEmpty,
            url[url.index(after: slash)...].allSatisfy(\.isASCIIDigit)
        else { return nil }
        let head = url[..<slash]
        guard head.hasSuffix("/" + resourcePath) else { return nil }
        let root = String(head.dropLast(resourcePath.count + 1))
        return root.hasPrefix("http://") || root.hasPrefix("https://") ? root : nil
    }

    /// `host[:port]` of an http(s) URL.
    static func host(of url: String) -> String? {
        guard let start = url.firstRange(of: "://")?.upperBound else { return nil }
        let rest = url[start...]
        return String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
    }

    /// Where the contents of the JSON strings in `body` are, those without escapes (URLs and keys
    /// have none).
    static func strings(in body: [UInt8]) -> [Range<Int>] {
        var strings: [Range<Int>] = []
        var index = 0
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        while index < body.count {
            guard body[index] == quote else {
                index += 1
                continue
            }
            var end = index + 1
            var escaped = false
            while end < body.count, body[end] != quote {
                if body[end] == backslash {
                    escaped = true
                    end += 1
                }
                end += 1
            }
            if !escaped, end <= body.count {
                strings.append((index + 1)..<min(end, body.count))
            }
            index = end + 1
        }
        return strings
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

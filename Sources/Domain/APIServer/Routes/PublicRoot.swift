import FoundationEssentials
import HTTPTypes
import RickAndMortyAPI

/// The API root an answer's URLs are written under, as web frameworks decide it behind a proxy
/// (unless `--public-url` gives one): the first proxy's `Forwarded` host and proto; else
/// `X-Forwarded-Host` and `X-Forwarded-Proto`; else `Host`; else the server's own bound address.
///
/// A header value that is not a plain host (`name[:port]` or `[v6][:port]`, at most 255
/// characters) or a proto other than `http`/`https` is ignored, so a hostile header can never
/// put its text into an answer.
enum PublicRoot {
    /// The root for a request with these headers and `authority` (its `Host`), `nil` when they
    /// name no valid host.
    static func root(for headers: HTTPFields, authority: String?) -> APIRoot? {
        let forwarded = headers[values: .forwarded].first.map(Self.firstForwardedElement) ?? [:]
        let proxyHost =
            forwarded["host"].flatMap(Self.validHost)
            ?? headers[values: .xForwardedHost].first.flatMap { Self.validHost(Self.firstListItem($0)) }
        let proto =
            forwarded["proto"].flatMap(Self.validProto)
            ?? headers[values: .xForwardedProto].first.flatMap { Self.validProto(Self.firstListItem($0)) }
        guard let host = proxyHost ?? authority.flatMap(Self.validHost) else { return nil }
        var parts = URLComponents()
        parts.scheme = proto ?? "http"
        parts.percentEncodedHost = host.name
        parts.port = host.port
        parts.path = "/api"
        return parts.url.flatMap(APIRoot.init(url:))
    }

    /// `host=a;proto=https` of the first element of a `Forwarded` list, names lowercased and
    /// quotes removed (RFC 7239).
    static func firstForwardedElement(_ value: String) -> [String: String] {
        guard value.utf8.count <= 1024 else { return [:] }
        var pairs: [String: String] = [:]
        for pair in firstListItem(value).split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            var text = parts[1].trimmingHeaderSpace()
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
            pairs[parts[0].trimmingHeaderSpace().lowercased()] = text
        }
        return pairs
    }

    static func firstListItem(_ value: String) -> String {
        value.prefix { $0 != "," }.trimmingHeaderSpace()
    }

    /// `value`'s name (`[v6]` bracketed) and port when it is a plain `host[:port]`, else `nil`.
    static func validHost(_ value: String) -> (name: String, port: Int?)? {
        guard !value.isEmpty, value.utf8.count <= 255 else { return nil }
        var host = Substring(value)
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let address = host[host.index(after: host.startIndex)..<close]
            guard !address.isEmpty, address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
            host = host[host.index(after: close)...]
            guard host.isEmpty || host.hasPrefix(":") else { return nil }
        } else {
            let name = host.prefix { $0 != ":" }
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") })
            else { return nil }
            host = host.dropFirst(name.count)
        }
        let name = String(value.dropLast(host.count))
        guard host.hasPrefix(":") else { return (name, nil) }
        let port = host.dropFirst()
        guard (1...5).contains(port.count), port.allSatisfy({ $0.isASCII && $0.isNumber }),
            let number = Int(port), (1...65535).contains(number)
        else { return nil }
        return (name, number)
    }

    static func validProto(_ value: String) -> String? {
        let lowered = value.lowercased()
        return lowered == "http" || lowered == "https" ? lowered : nil
    }
}

extension HTTPField.Name {
    // swift-format-ignore: NeverForceUnwrap
    static let forwarded = HTTPField.Name("Forwarded")!
    // swift-format-ignore: NeverForceUnwrap
    static let xForwardedHost = HTTPField.Name("X-Forwarded-Host")!
    // swift-format-ignore: NeverForceUnwrap
    static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
}

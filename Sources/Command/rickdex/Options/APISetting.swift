import ArgumentParser
import FoundationEssentials
import LoupeHTTP
import RickAndMortyAPI
import UseCases

/// Which API a command talks to (`--api`, else `RICKDEX_API`, else the real service): the bundled
/// dataset's server, started on a loopback port as the command runs, or the API at a root, with
/// the user and password the URL carried, if any. The root holds no credentials: they go to the
/// transport alone (`HostLogin`), so no key, entry, URL or line made from the root shows them.
enum APISetting: Hashable, Sendable, CustomStringConvertible {
    case fixtures
    case url(APIRoot, credentials: Credentials? = nil)

    /// `fixtures`, an http(s) URL, or an address without a scheme (`localhost:8080`,
    /// `127.0.0.1:8080/api`), which means http:// as curl reads it. A `user:password@` in it is
    /// taken off the root and kept as its credentials.
    static func parse(_ text: String) throws -> APISetting {
        if text == "fixtures" { return .fixtures }
        var address = text
        if !text.contains("://") {
            let host = text.split(separator: "/", maxSplits: 1).first.map(String.init) ?? text
            if host.contains(":") || host.contains(".") || host.lowercased().hasPrefix("localhost"),
                var parts = URLComponents(string: "//" + text)
            {
                parts.scheme = "http"
                address = parts.string ?? text
            }
        }
        var credentials: Credentials?
        if var parts = URLComponents(string: address), let user = parts.user {
            credentials = Credentials(user: user, password: parts.password ?? "")
            parts.user = nil
            parts.password = nil
            address = parts.string ?? address
        }
        if let root = APIRoot(address) { return .url(root, credentials: credentials) }
        if address.contains("?") || address.contains("#") {
            throw ValidationError("an API root has no query (?…) or fragment (#…): give the path the API's resources are under")
        }
        let nearest = Spelling.nearest(to: text, among: ["fixtures"]).map { "; did you mean '\($0)'?" } ?? ""
        throw ValidationError("expected an http(s) URL with a host, or 'fixtures'\(nearest)")
    }

    /// `text` with the password of its `user:password@` shown as `***`: how an address a user
    /// typed is quoted back in a line a person reads.
    static func masked(_ text: String) -> String {
        guard let range = passwordRange(in: text) else { return text }
        return String(text[..<range.lowerBound]) + "***" + String(text[range.upperBound...])
    }

    /// Where the password of the `user:password@` in the address `text` stands, if it has one
    /// (`--api=` before it or not, with a scheme or without).
    static func passwordRange(in text: String) -> Range<String.Index>? {
        let start = text.firstRange(of: "://")?.upperBound ?? text.startIndex
        let authority = text[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return nil }
        return text.index(after: colon)..<at
    }

    /// The cache's name for the API: `fixtures` whatever port it runs on, else its root.
    var description: String {
        switch self {
        case .fixtures: "fixtures"
        case .url(let root, _): root.description
        }
    }

    /// The API as a person reads it in a suggested command: its root, with `user:***@` when
    /// `--api` carried credentials.
    var shown: String {
        guard case .url(let root, let credentials?) = self, var parts = URLComponents(string: root.description) else {
            return description
        }
        parts.user = credentials.user
        parts.password = "***"
        return parts.string ?? description
    }

    /// The cache's identity for the API. `fixtures` is reached at `root` (a loopback port) online;
    /// offline, its answers read under the real service's root, as the dataset writes them.
    func identity(at root: APIRoot? = nil) -> APIIdentity {
        switch self {
        case .fixtures: APIIdentity(name: description, root: root ?? .realService)
        case .url(let given, _): APIIdentity(name: description, root: given)
        }
    }
}

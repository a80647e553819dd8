import ArgumentParser
import RickAndMortyAPI
import UseCases

/// Which API a command talks to (`--api`, else `RICKDEX_API`, else the real service): the bundled
/// dataset's server, started on a loopback port as the command runs, or the API at a root.
enum APISetting: Hashable, Sendable, CustomStringConvertible {
    case fixtures
    case url(APIRoot)

    /// `fixtures`, an http(s) URL, or an address without a scheme (`localhost:8080`,
    /// `127.0.0.1:8080/api`), which means http:// as curl reads it.
    static func parse(_ text: String) throws -> APISetting {
        if text == "fixtures" { return .fixtures }
        var address = text
        if !text.contains("://") {
            let host = text.split(separator: "/", maxSplits: 1).first.map(String.init) ?? text
            if host.contains(":") || host.contains(".") || host.lowercased().hasPrefix("localhost") { address = "http://" + text }
        }
        if let root = APIRoot(address) { return .url(root) }
        if address.contains("?") || address.contains("#") {
            throw ValidationError("an API root has no query (?…) or fragment (#…): give the path the API's resources are under")
        }
        let nearest = Spelling.nearest(to: text, among: ["fixtures"]).map { "; did you mean '\($0)'?" } ?? ""
        throw ValidationError("expected an http(s) URL with a host, or 'fixtures'\(nearest)")
    }

    /// The cache's name for the API: `fixtures` whatever port it runs on, else its root.
    var description: String {
        switch self {
        case .fixtures: "fixtures"
        case .url(let root): root.description
        }
    }

    /// The cache's identity for the API. `fixtures` is reached at `root` (a loopback port) online;
    /// offline, its answers read under the real service's root, as the dataset writes them.
    func identity(at root: APIRoot? = nil) -> APIIdentity {
        switch self {
        case .fixtures: APIIdentity(name: description, root: root ?? .realService)
        case .url(let given): APIIdentity(name: description, root: given)
        }
    }
}

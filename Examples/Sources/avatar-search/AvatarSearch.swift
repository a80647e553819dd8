import BlockArt
import Foundation
import HTTP
import ImageCache
import RickAndMortyAPI
import UseCases

/// Searches the Rick and Morty API by name and prints each match beside its avatar in sextants,
/// fetched through Rickdex's two-tier cache (a second run reads the disk, not the network).
///
///     avatar-search [name] [api-root]       e.g. avatar-search morty http://127.0.0.1:8917/api
@main
struct AvatarSearch {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        let name = arguments.first ?? "rick"
        guard let api = URL(string: arguments.dropFirst().first ?? "https://rickandmortyapi.com/api") else {
            throw URLError(.badURL)
        }

        // One disk cache for API answers and images, keyed by the API's root.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("avatar-search-cache")
        let disk = try DiskCache(root: folder)
        let identity = APIIdentity(name: api.absoluteString, baseURL: api)
        let transport = HTTPTransport(configuration: TransportConfiguration())
        let client = HTTPRickAndMortyClient(
            baseURL: api, transport: transport, cache: DiskResponseCache(disk: disk, identity: identity))
        let images = ImagePipeline(
            configuration: .init(dataLoader: ImageFetcher(transport: transport), dataCache: disk, keys: identity))

        let page = try await client.characters(CharacterQuery(name: name))
        print("\(page.count) characters match '\(TerminalText.sanitize(name))'; the first \(min(5, page.items.count)):\n")
        let renderer = CellRenderer(symbols: .sextant, mode: .truecolor)
        let variant = AvatarVariant.searchRow
        for character in page.items.prefix(5) {
            let request = variant.request(
                character.imageURL, status: character.status, pixelsPerColumn: CellRenderer.pixelsPerColumn)
            let avatar = try await images.image(for: request)
            let art = renderer.render(avatar.image, columns: 8, rows: 4)
            // Everything from the network is data: sanitised before it reaches the terminal.
            let text = [
                TerminalText.sanitize(character.name),
                "\(character.status.rawValue) · \(TerminalText.sanitize(character.species))",
                "avatar from \(avatar.source.rawValue)",
                "",
            ]
            for (line, words) in zip(art, text) { print(line + "  " + words) }
        }
        let statistics = images.statistics
        print("\ncache: \(statistics.downloads) downloads, \(statistics.disk.hits) disk hits, in \(folder.path)")
    }
}

import FoundationEssentials

/// A model read from the API's JSON through its wire form: the one place a model type meets its
/// wire type, so that generic code over `APIResource` can decode an item, a batch or a page.
package struct WireModel<Resource: APIResource>: Decodable {
    package let model: Resource

    package init(from decoder: any Decoder) throws {
        let url = decoder.userInfo[.responseURL] as? String ?? ""
        let root = decoder.userInfo[.apiRoot] as? APIRoot
        let read: any APIResource =
            switch Resource.kind {
            case .character: try CharacterDTO(from: decoder).model(at: url, under: root)
            case .episode: try EpisodeDTO(from: decoder).model(at: url, under: root)
            case .location: try LocationDTO(from: decoder).model(at: url, under: root)
            }
        guard let model = read as? Resource else {
            throw DecodingError.typeMismatch(
                Resource.self,
                .init(codingPath: decoder.codingPath, debugDescription: "\(Resource.self) is not the \(Resource.kind) model"))
        }
        self.model = model
    }
}

extension CodingUserInfoKey {
    /// The response's URL, which a failing field's error names (`WireModel`).
    // swift-format-ignore: NeverForceUnwrap
    static let responseURL = CodingUserInfoKey(rawValue: "responseURL")!
}

/// The way back from a model to the API's JSON: what `--json` prints is the API's own shape, its
/// URLs under the encoder's `CodingUserInfoKey.apiRoot`, else under the root the model's own `url`
/// names.
extension WireModel {
    /// Where a model with `url` is written: the root its URLs go under (the encoder's, else its
    /// own), the roots its other URLs move from (its own and the real service's), and its `url`.
    static func roots(
        of url: URL, kind: ResourceKind, id: Int, encoder: any Encoder
    ) -> (to: String, from: [APIRoot], url: String) {
        let own = APIRoot.of(url.absoluteString, kind: kind, id: id)
        guard let root = (encoder.userInfo[.apiRoot] as? APIRoot) ?? own else {
            return (url.absoluteString, [.realService], url.absoluteString)
        }
        return (root.description, [own, .realService].compactMap { $0 }, "\(root)/\(kind.rawValue)/\(id)")
    }

    /// A date as the API writes it: `2017-11-04T18:50:30.250Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}

extension CharacterDTO {
    package init(_ character: RMCharacter, encoder: any Encoder) {
        let (root, from, url) = WireModel<RMCharacter>.roots(of: character.url, kind: .character, id: character.id, encoder: encoder)
        func place(_ reference: PlaceReference) -> Place {
            Place(name: reference.name, url: reference.id.map { "\(root)/location/\($0)" } ?? "")
        }
        self.init(
            id: character.id, name: character.name, status: character.status.rawValue, species: character.species,
            type: character.type, gender: character.gender.rawValue, origin: place(character.origin),
            location: place(character.location),
            image: APIRoot.moving(character.imageURL.absoluteString, from: from, to: root),
            episode: character.episodeIDs.map { "\(root)/episode/\($0)" }, url: url,
            created: WireModel<RMCharacter>.timestamp(character.created))
    }
}

extension EpisodeDTO {
    package init(_ episode: Episode, encoder: any Encoder) {
        let (root, _, url) = WireModel<Episode>.roots(of: episode.url, kind: .episode, id: episode.id, encoder: encoder)
        self.init(
            id: episode.id, name: episode.name, airDate: episode.airDate, episode: episode.code,
            characters: episode.characterIDs.map { "\(root)/character/\($0)" }, url: url,
            created: WireModel<Episode>.timestamp(episode.created))
    }
}

extension LocationDTO {
    package init(_ location: Location, encoder: any Encoder) {
        let (root, _, url) = WireModel<Location>.roots(of: location.url, kind: .location, id: location.id, encoder: encoder)
        self.init(
            id: location.id, name: location.name, type: location.type, dimension: location.dimension,
            residents: location.residentIDs.map { "\(root)/character/\($0)" }, url: url,
            created: WireModel<Location>.timestamp(location.created))
    }
}

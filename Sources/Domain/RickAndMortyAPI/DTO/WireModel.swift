import FoundationEssentials

/// A model read through its wire form: the one place a model meets its DTO, for generic decoding.
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

/// The way back from a model to the API's JSON (`WireResource.written(under:)`).
extension WireModel {
    /// A date as the API writes it: `2017-11-04T18:50:30.250Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    static func paths(_ kind: ResourceKind, _ ids: [Int]) -> [String] {
        ids.map { APIPath(kind, id: $0).description }
    }
}

extension CharacterDTO {
    package init(_ character: RMCharacter) {
        func place(_ reference: PlaceReference) -> Place {
            Place(name: reference.name, url: reference.id.map { APIPath(.location, id: $0).description } ?? "")
        }
        self.init(
            id: character.id, name: character.name, status: character.status.rawValue, species: character.species,
            type: character.type, gender: character.gender.rawValue, origin: place(character.origin),
            location: place(character.location), image: character.image.description,
            episode: WireModel<RMCharacter>.paths(.episode, character.episodeIDs), url: character.path.description,
            created: WireModel<RMCharacter>.timestamp(character.created))
    }
}

extension EpisodeDTO {
    package init(_ episode: Episode) {
        self.init(
            id: episode.id, name: episode.name, airDate: episode.airDate, episode: episode.code,
            characters: WireModel<Episode>.paths(.character, episode.characterIDs), url: episode.path.description,
            created: WireModel<Episode>.timestamp(episode.created))
    }
}

extension LocationDTO {
    package init(_ location: Location) {
        self.init(
            id: location.id, name: location.name, type: location.type, dimension: location.dimension,
            residents: WireModel<Location>.paths(.character, location.residentIDs), url: location.path.description,
            created: WireModel<Location>.timestamp(location.created))
    }
}

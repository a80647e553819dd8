import FoundationEssentials

/// The way back from a model to the API's JSON: what `--json` prints is the API's own shape,
/// its URLs under the root the model's own `url` names.
extension WireModel {
    /// The API root a model's `url` sits under: `https://rickandmortyapi.com/api` for
    /// `…/api/character/1`.
    static func root(of url: URL, kind: ResourceKind, id: Int) -> String {
        let text = url.absoluteString
        let suffix = "/\(kind.rawValue)/\(id)"
        return text.hasSuffix(suffix) ? String(text.dropLast(suffix.count)) : text
    }

    /// A date as the API writes it: `2017-11-04T18:50:30.250Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}

extension CharacterDTO {
    package init(_ character: RMCharacter) {
        let root = WireModel<RMCharacter>.root(of: character.url, kind: .character, id: character.id)
        func place(_ reference: PlaceReference) -> Place {
            Place(name: reference.name, url: reference.id.map { "\(root)/location/\($0)" } ?? "")
        }
        self.init(
            id: character.id, name: character.name, status: character.status.rawValue, species: character.species,
            type: character.type, gender: character.gender.rawValue, origin: place(character.origin),
            location: place(character.location), image: character.imageURL.absoluteString,
            episode: character.episodeIDs.map { "\(root)/episode/\($0)" }, url: character.url.absoluteString,
            created: WireModel<RMCharacter>.timestamp(character.created))
    }
}

extension EpisodeDTO {
    package init(_ episode: Episode) {
        let root = WireModel<Episode>.root(of: episode.url, kind: .episode, id: episode.id)
        self.init(
            id: episode.id, name: episode.name, airDate: episode.airDate, episode: episode.code,
            characters: episode.characterIDs.map { "\(root)/character/\($0)" }, url: episode.url.absoluteString,
            created: WireModel<Episode>.timestamp(episode.created))
    }
}

extension LocationDTO {
    package init(_ location: Location) {
        let root = WireModel<Location>.root(of: location.url, kind: .location, id: location.id)
        self.init(
            id: location.id, name: location.name, type: location.type, dimension: location.dimension,
            residents: location.residentIDs.map { "\(root)/character/\($0)" }, url: location.url.absoluteString,
            created: WireModel<Location>.timestamp(location.created))
    }
}

import Foundation
import RickAndMortyAPI
import LoupeToolbox

/// Makes the project's own dataset, deterministic for a seed, in the real service's sizes (826
/// characters, 51 episodes, 126 locations).
package struct FixtureGenerator: Sendable {
    package var seed: UInt64
    package var characterCount: Int
    package var episodeCount: Int
    package var locationCount: Int

    package init(seed: UInt64 = 137, characterCount: Int = 826, episodeCount: Int = 51, locationCount: Int = 126) {
        self.seed = seed
        self.characterCount = characterCount
        self.episodeCount = episodeCount
        self.locationCount = max(3, locationCount)
    }

    /// The dataset's JSON content; avatars are made separately by `AvatarFactory`.
    package func makeDataset(avatarsDirectory: URL) -> Dataset {
        var random = SplitMix64(seed: seed)
        let locationNames = makeLocationNames(&random)
        var characters = (1...characterCount).map { makeCharacter(id: $0, locationNames: locationNames, &random) }
        // The episodes and residents lists are the inverse of the characters' own lists.
        var castByEpisode: [Int: [Int]] = [:]
        var residentsByLocation: [Int: [Int]] = [:]
        for character in characters {
            for url in character.episode {
                castByEpisode[Self.id(of: url), default: []].append(character.id)
            }
            if let location = character.location, !location.url.isEmpty {
                residentsByLocation[Self.id(of: location.url), default: []].append(character.id)
            }
        }
        characters.sort { $0.id < $1.id }
        let episodes = (1...episodeCount).map { id in
            makeEpisode(id: id, cast: castByEpisode[id] ?? [], &random)
        }
        let locations = (1...locationCount).map { id in
            makeLocation(id: id, name: locationNames[id - 1], residents: residentsByLocation[id] ?? [], &random)
        }
        return Dataset(characters: characters, episodes: episodes, locations: locations, avatarsDirectory: avatarsDirectory)
    }

    private static func path(_ kind: ResourceKind, _ id: Int) -> String {
        APIPath(kind, id: id).description
    }

    private static func id(of url: String) -> Int {
        Int(url.split(separator: "/").last ?? "") ?? 0
    }

    private static func created(_ offsetSeconds: Int, base: Date) -> String {
        let date = base.addingTimeInterval(TimeInterval(offsetSeconds))
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    private static let epoch = Date(timeIntervalSince1970: 1_509_821_326.25)  // 2017-11-04T18:48:46.250Z

    private func makeLocationNames(_ random: inout SplitMix64) -> [String] {
        var names = ["Earth (C-137)", "Abadango", "Citadel of Ricks", "Worldender's lair", "Anatomy Park"]
        var seen = Set(names)
        while names.count < locationCount {
            let name = random.pick(FixtureVocabulary.placeWords) + " " + random.pick(FixtureVocabulary.placeSuffixes)
            if seen.insert(name).inserted { names.append(name) }
        }
        return Array(names.prefix(locationCount))
    }

    private func makeCharacter(id: Int, locationNames: [String], _ random: inout SplitMix64) -> CharacterDTO {
        let canonical: [Int: (String, String, String)] = [
            1: ("Rick Sanchez", "Alive", "Male"), 2: ("Morty Smith", "Alive", "Male"), 3: ("Summer Smith", "Alive", "Female"),
            4: ("Beth Smith", "Alive", "Female"), 5: ("Jerry Smith", "Alive", "Male"),
        ]
        var name: String
        var gender = random.pick(weighted: FixtureVocabulary.genders)
        let roll = random.nextUnit()
        if roll < 0.115 {
            name = random.pick(FixtureVocabulary.variantPrefixes) + " Rick"
            gender = "Male"
        } else if roll < 0.17 {
            name = random.pick(FixtureVocabulary.variantPrefixes) + " Morty"
            gender = "Male"
        } else {
            name = random.pick(FixtureVocabulary.firstNames) + " " + random.pick(FixtureVocabulary.lastNames)
        }
        var status = random.pick(weighted: FixtureVocabulary.statuses)
        let species = id <= 5 ? "Human" : random.pick(weighted: FixtureVocabulary.species)
        let type = random.chance(0.48) || id <= 5 ? "" : random.pick(FixtureVocabulary.types)
        if let fixed = canonical[id] {
            (name, status, gender) = fixed
        }
        let place = { (random: inout SplitMix64, unknownShare: Double) -> CharacterDTO.Place in
            if random.chance(unknownShare) { return .init(name: "unknown", url: "") }
            let location = random.int(in: 1...locationNames.count)
            return .init(name: locationNames[location - 1], url: Self.path(.location, location))
        }
        let origin = id <= 5 ? CharacterDTO.Place(name: "Earth (C-137)", url: Self.path(.location, 1)) : place(&random, 0.36)
        let location =
            id <= 2 ? CharacterDTO.Place(name: "Citadel of Ricks", url: Self.path(.location, 3)) : place(&random, 0.03)
        let episodes: [Int]
        if id <= 2 {
            episodes = Array(1...episodeCount)
        } else if id <= 5 {
            episodes = Array(1...episodeCount).filter { _ in random.chance(0.8) }
        } else {
            let count = random.pick(weighted: [(1, 727), (2, 42), (3, 25), (4, 10), (5, 6), (7, 4), (8, 3)])
            episodes = Set((0..<count).map { _ in random.int(in: 1...episodeCount) }).sorted()
        }
        return CharacterDTO(
            id: id, name: name, status: status, species: species, type: type, gender: gender,
            origin: origin, location: location,
            image: "character/avatar/\(id).jpeg",
            episode: episodes.map { Self.path(.episode, $0) },
            url: Self.path(.character, id),
            created: Self.created(id * 97 + random.int(in: 0...50), base: Self.epoch)
        )
    }

    private func makeEpisode(id: Int, cast: [Int], _ random: inout SplitMix64) -> EpisodeDTO {
        // Season 1 has 11 episodes, the later ones 10, as in the show.
        let season = id <= 11 ? 1 : (id - 12) / 10 + 2
        let number = id <= 11 ? id : (id - 12) % 10 + 1
        let seasonStart = [1: (2013, 12, 2), 2: (2015, 7, 26), 3: (2017, 7, 30), 4: (2019, 11, 10), 5: (2021, 6, 20)]
        let (year, month, day) = seasonStart[season] ?? (2021 + season - 5, 6, 20)
        var components = DateComponents(
            calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
            year: year, month: month, day: day + 7 * (number - 1))
        components.hour = 12
        let aired = components.date ?? Self.epoch
        var style = Date.FormatStyle(date: .long, time: .omitted, locale: Locale(identifier: "en_US_POSIX"))
        style.timeZone = TimeZone(identifier: "UTC") ?? .current
        let name =
            id == 1 ? "Pilot" : random.pick(FixtureVocabulary.episodeWords) + " " + random.pick(FixtureVocabulary.episodeSuffixes)
        return EpisodeDTO(
            id: id, name: name, airDate: aired.formatted(style),
            episode: String(format: "S%02dE%02d", season, number),
            characters: cast.sorted().map { Self.path(.character, $0) },
            url: Self.path(.episode, id),
            created: Self.created(500_000 + id * 61, base: Self.epoch)
        )
    }

    private func makeLocation(id: Int, name: String, residents: [Int], _ random: inout SplitMix64) -> LocationDTO {
        let fixed: [Int: (String, String)] = [1: ("Planet", "Dimension C-137"), 3: ("Space station", "unknown")]
        let (type, dimension) =
            fixed[id] ?? (random.pick(FixtureVocabulary.locationTypes), random.pick(FixtureVocabulary.dimensions))
        return LocationDTO(
            id: id, name: name, type: type, dimension: dimension,
            residents: residents.sorted().map { Self.path(.character, $0) },
            url: Self.path(.location, id),
            created: Self.created(400_000 + id * 53, base: Self.epoch)
        )
    }
}

import BlockArt
import Foundation
import LoupeImaging
import RickAndMortyAPI
import TestSupport
import Testing
import UseCases

@testable import TerminalUI

/// What browse adds to the seed apps' features: opening on everyone, the key overlay, sharing
/// and placeholders. The state machine and view alone, without a terminal.
@Suite struct BrowseFeaturesTests {
    static let characters = BrowseStateTests.characters
    static let view = BrowseView(
        width: 80, height: 24, style: Style(enabled: false), renderer: CellRenderer(symbols: .half, mode: .truecolor))

    func loaded(count: Int = 826, pages: Int = 42) -> BrowseState {
        var state = BrowseState()
        let page = Page(number: 1, count: count, pages: pages, items: Array(Self.characters.prefix(20)))
        _ = state.apply(search: .loaded(query: BrowseQuery(name: "", status: .any), page: page))
        return state
    }

    @Test func itOpensOnEveryone() {
        var state = BrowseState()
        #expect(state.start() == [.search(name: "", status: .any)])
        let screen = Self.view.render(loaded())
        #expect(screen.last?.contains("826 matches · page 1 of 42") == true)
        #expect(screen.contains { $0.contains("Rick Sanchez #1") })
        #expect(BrowseQuery(name: "", status: .dead).characterQuery() == CharacterQuery(status: .dead, page: 1))
    }

    @Test func everyoneArrivingAfterTheUserTypedIsDropped() {
        var state = BrowseState()
        _ = state.start()
        #expect(Self.view.render(state).last?.contains("loading everyone…") == true)
        _ = state.apply(key: .character("r"))
        let everyone = Page(number: 1, count: 826, pages: 42, items: Array(Self.characters.prefix(20)))
        #expect(state.apply(opening: .loaded(query: BrowseQuery(name: "", status: .any), page: everyone)).isEmpty)
        #expect(state.page == nil, "the late first page does not show under “r”")
        _ = state.apply(key: .backspace)
        _ = state.apply(opening: .loaded(query: BrowseQuery(name: "", status: .any), page: everyone))
        #expect(state.page == everyone, "back on the empty line, it applies")
    }

    /// The search session's first state, `.idle`, reaches the loop on its own task: on a busy
    /// machine after the opening page. It leaves the page shown (it once emptied the list).
    @Test func theSessionsFirstIdleAfterTheOpeningPageChangesNothing() {
        var state = BrowseState()
        _ = state.start()
        let everyone = Page(number: 1, count: 826, pages: 42, items: Array(Self.characters.prefix(20)))
        _ = state.apply(opening: .loaded(query: BrowseQuery(name: "", status: .any), page: everyone))
        #expect(state.apply(search: .idle).isEmpty)
        #expect(state.page == everyone)
        #expect(Self.view.render(state).last?.contains("826 matches · page 1 of 42") == true)
    }

    @Test func f1ShowsEveryKeyAndAnyKeyClosesIt() {
        var state = loaded()
        #expect(state.apply(key: .character("?")) == [.search(name: "?", status: .any)], "? types on the list")
        _ = state.apply(key: .control("u"))
        #expect(KeyDecoder.keys(in: Array("\u{1B}OP".utf8)) == [.help], "F1")
        #expect(KeyDecoder.keys(in: [0x1F]) == [.help], "Ctrl-/")
        #expect(state.apply(key: .help).isEmpty)
        let screen = Self.view.render(state)
        for (key, _) in BrowseView.keys { #expect(screen.contains { $0.contains(key) }, "\(key)") }
        #expect(screen.last?.contains("any key: close") == true)
        #expect(Self.view.placements(state).isEmpty, "no image over the overlay")
        #expect(state.apply(key: .character("x")).isEmpty, "the key only closes the overlay")
        #expect(!state.help && state.query.isEmpty)
        _ = state.apply(key: .help)
        #expect(state.apply(key: .control("c")) == [.abort])
    }

    @Test func ctrlOCopiesTheSelectedOrShownCharacter() {
        var state = loaded()
        #expect(state.apply(key: .character("y")) == [.search(name: "y", status: .any)], "y types on the list")
        _ = state.apply(key: .control("u"))
        state = loaded()
        _ = state.apply(key: .down)
        #expect(KeyDecoder.keys(in: [0x0F]) == [.control("o")])
        #expect(state.apply(key: .control("o")) == [.share(Self.characters[1])])
        _ = state.apply(key: .enter)
        #expect(state.apply(key: .character("y")) == [.share(Self.characters[1])], "and from the detail")
        state.notice = "copied"
        _ = state.apply(key: .escape)
        #expect(state.notice == nil, "a notice lasts until the next key")
    }

    @Test func theClipboardGetsOneSanitizedOSC52() throws {
        var hostile = Self.characters[0]
        hostile.name = "Rick\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J Sanchez"
        let text = ClipboardShare.text(for: hostile, root: .realService)
        #expect(!text.contains("\u{1B}") && !text.contains("\u{07}"))
        #expect(text.hasPrefix("https://rickandmortyapi.com/api/character/\(hostile.id) — Rick"))
        #expect(text.hasSuffix("Sanchez · Alive · Human · " + hostile.location.name))

        let plain = ClipboardShare.sequence(text, multiplexed: false)
        #expect(plain.hasPrefix("\u{1B}]52;c;") && plain.hasSuffix("\u{07}"))
        let encoded = String(plain.dropFirst("\u{1B}]52;c;".count).dropLast())
        #expect(Data(base64Encoded: encoded) == Data(text.utf8))
        #expect(plain.filter { $0 == "\u{1B}" }.count == 1, "one escape sequence, nothing else")

        let wrapped = ClipboardShare.sequence(text, multiplexed: true)
        #expect(wrapped == "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;\(encoded)\u{07}\u{1B}\\")
    }

    @Test func aMissingAvatarIsADiscWithInitialsInTheStatusColor() throws {
        #expect(AvatarPlaceholder.initials(of: "Rick Sanchez") == "RS")
        #expect(AvatarPlaceholder.initials(of: "Mr. Poopybutthole") == "MP")
        #expect(AvatarPlaceholder.initials(of: "Squanchy") == "S")
        #expect(AvatarPlaceholder.initials(of: "\u{1B}[31m") == "?" || AvatarPlaceholder.initials(of: "\u{1B}[31m").count <= 2)
        #expect(AvatarPlaceholder.initials(of: "") == "?")

        var state = loaded()
        state.missingAvatars.insert(Self.characters[0].id)
        let screen = Self.view.render(state)
        #expect(screen.contains { $0.hasPrefix("(RS)") && $0.contains("Rick Sanchez #1") })

        let dead = try #require(Self.characters.first { $0.status == .dead })
        let disc = AvatarPlaceholder.bitmap(for: dead, size: 96)
        #expect(disc.width == 96 && disc.height == 96)
        #expect(disc[0, 0].alpha == 0, "round: the corners are clear")
        let ring = disc[48, 1]
        #expect(ring.red > 180 && ring.green < 110, "a ring in the dead status's red")
        let lettered = (30..<66).contains { x in (36..<60).contains { y in disc[x, y].red > 150 } }
        #expect(lettered, "the initials drawn in the status color on the gray disc")
    }
}

/// From a character to its episodes, an episode's cast, a location's residents, and back.
@Suite struct BrowseNavigationTests {
    static let characters = BrowseStateTests.characters
    static let episodes: [Episode] = TestData.fixturesDataset.episodes.prefix(3).compactMap { try? $0.model(at: "test") }

    func detail() -> BrowseState {
        var state = BrowseFeaturesTests().loaded()
        _ = state.apply(key: .enter)
        state.apply(detail: Self.characters[0], episodes: .loaded(Self.episodes))
        return state
    }

    @Test func episodesThenACastThenAPersonThenBackTheSameWay() {
        var state = detail()
        #expect(state.apply(key: .character("e")).isEmpty)
        #expect(state.screen == .episodes(of: Self.characters[0], Self.episodes))
        _ = state.apply(key: .down)
        let episode = Self.episodes[1]
        let title = "\(episode.code) \(episode.name) — cast"
        #expect(state.apply(key: .enter) == [.fetchPeople(title: title, ids: episode.characterIDs)])
        let cast = PeopleSource.characters(ids: episode.characterIDs)
        #expect(state.screen == .people(title: title, cast, .loading))
        state.apply(people: .loaded(Array(Self.characters[3..<6])), title: "another screen's")
        #expect(state.screen == .people(title: title, cast, .loading), "an answer for another screen is dropped")
        state.apply(people: .loaded(Array(Self.characters[3..<6])), title: title)
        _ = state.apply(key: .down)
        #expect(state.apply(key: .character("y")) == [.share(Self.characters[4])])
        #expect(state.apply(key: .enter) == [.fetchDetail(Self.characters[4])])
        #expect(state.screen == .detail(Self.characters[4], episodes: .loading))

        _ = state.apply(key: .escape)
        #expect(state.screen == .people(title: title, cast, .loaded(Array(Self.characters[3..<6]))) && state.itemSelection == 1)
        _ = state.apply(key: .escape)
        #expect(state.screen == .episodes(of: Self.characters[0], Self.episodes) && state.itemSelection == 1)
        _ = state.apply(key: .escape)
        #expect(state.screen == .detail(Self.characters[0], episodes: .loaded(Self.episodes)))
        _ = state.apply(key: .escape)
        #expect(state.screen == .list && state.selection == 0)
    }

    @Test func lListsTheResidentsOfTheCharactersLocation() throws {
        var state = detail()
        let character = Self.characters[0]
        let locationID = try #require(character.location.id)
        let title = "Residents of \(character.location.name)"
        #expect(state.apply(key: .character("l")) == [.fetchResidents(title: title, locationID: locationID)])
        let view = BrowseFeaturesTests.view
        #expect(view.render(state).contains { $0.contains("loading…") })
        state.apply(people: .loaded(Array(Self.characters.prefix(4))), title: title)
        let screen = view.render(state)
        #expect(screen[0].contains(title + " (4)"))
        #expect(screen.contains { $0.hasPrefix("▶ ● Rick Sanchez") })
        #expect(screen.last?.contains("Enter: open") == true)
        #expect(view.placements(state).isEmpty)
    }

    /// A part that could not be fetched shows as failed, with why and a retry; never as empty.
    @Test func aFailedPartSaysWhyAndRTriesAgain() throws {
        let view = BrowseFeaturesTests.view
        let refused = CapturedError(APIError.transport(.unreachable(host: "127.0.0.1", cause: .system(.connectionRefused))))
        var state = BrowseFeaturesTests().loaded()
        _ = state.apply(key: .enter)
        let character = Self.characters[0]
        state.apply(detail: character, episodes: .failed(refused))
        var screen = view.render(state).map(BrowseStateTests.plain)
        #expect(screen.contains { $0.contains("could not load the episodes: cannot reach 127.0.0.1 (connection refused)") })
        #expect(screen.contains { $0.contains("r: try again") })
        #expect(!screen.contains { $0.contains("Episodes (0)") }, "a failure is not an empty list")
        #expect(state.apply(key: .character("e")).isEmpty, "no episodes screen to open")
        #expect(state.apply(key: .character("r")) == [.fetchDetail(character)])
        #expect(state.screen == .detail(character, episodes: .loading))

        let title = "Residents of \(character.location.name)"
        let residents = PeopleSource.residents(locationID: try #require(character.location.id))
        _ = state.apply(key: .character("l"))
        state.apply(people: .failed(refused), title: title)
        screen = view.render(state).map(BrowseStateTests.plain)
        #expect(screen.contains { $0.contains("could not load them: cannot reach 127.0.0.1") })
        #expect(screen.last?.contains("r: retry") == true)
        #expect(state.apply(key: .enter).isEmpty)
        #expect(state.apply(key: .character("r")) == [residents.fetch(title: title)])
        #expect(state.screen == .people(title: title, residents, .loading))
    }
}

/// Ctrl-T: the list as a grid of larger avatars, moved through in two dimensions.
@Suite struct BrowseGridTests {
    static let view = BrowseFeaturesTests.view  // 80 columns: five cells a row

    @Test func ctrlTTogglesTheGridAndAsksForItsLargerAvatars() {
        var state = BrowseFeaturesTests().loaded()
        _ = state.apply(key: .down)
        #expect(state.apply(key: .character("g")) == [.search(name: "g", status: .any)], "g types after moving too")
        state = BrowseFeaturesTests().loaded()
        #expect(KeyDecoder.keys(in: [0x14]) == [.control("t")])
        #expect(state.apply(key: .control("t")) == [.fetchAvatars(state.results)])
        #expect(state.grid)
        #expect(state.apply(key: .control("t")).isEmpty && !state.grid)
    }

    @Test func arrowsMoveInTwoDimensions() {
        var state = BrowseFeaturesTests().loaded()
        state.grid = true
        state.gridColumns = Self.view.gridColumns
        #expect(state.gridColumns == 5)
        _ = state.apply(key: .right)
        _ = state.apply(key: .right)
        #expect(state.selection == 2)
        _ = state.apply(key: .down)
        #expect(state.selection == 7, "a row down")
        _ = state.apply(key: .left)
        _ = state.apply(key: .up)
        #expect(state.selection == 1)
        _ = state.apply(key: .up)
        #expect(state.selection == 0)
    }

    @Test func cellsHoldAvatarsAndNamesAndClicksFindThem() throws {
        var state = BrowseFeaturesTests().loaded()
        state.grid = true
        state.selection = 6
        let avatar = Bitmap(width: 64, height: 64, fill: RGBA(200, 40, 40))
        for character in state.results { state.avatars[character.id] = avatar }
        state.missingAvatars.insert(state.results[1].id)
        let colored = Self.view.render(state)
        let screen = colored.map(BrowseStateTests.plain)
        #expect(screen.count == 24 && screen.allSatisfy { TerminalText.width($0) <= 80 })
        // Row 3 on: four lines of avatars, then the names, then a blank.
        #expect(colored[2].contains("\u{1B}[48;2;200;40;40m"), "the avatar's red, as cell art")
        #expect(screen[2].contains("(MS)"), "Morty's placeholder, as his avatar is missing")
        #expect(screen[6].hasPrefix("  Rick Sanch… ") && screen[6].contains("  Morty Smith "))
        let selected = String(state.results[6].name.prefix(10))  // eleven columns, the last an ellipsis
        #expect(screen[12].contains("▶ " + selected), "the selection: second row, second cell")
        #expect(Self.view.item(atRow: 3, column: 20, state) == 1)
        #expect(Self.view.item(atRow: 9, column: 1, state) == 5)
        #expect(Self.view.item(atRow: 8, column: 1, state) == nil, "the blank line between rows")
        let placements = Self.view.placements(state)
        #expect(placements.count == 15 && placements[1].column == 18 && placements[5].row == 8)
    }
}

/// Ctrl-R: the page and its avatars asked about again, like pull-to-refresh.
@Suite struct BrowseRefreshTests {
    @Test func rAsksAgainAndTheAnswerSaysWhatChanged() throws {
        var state = BrowseFeaturesTests().loaded()
        _ = state.apply(key: .down)
        #expect(state.apply(key: .character("r")) == [.search(name: "r", status: .any)], "r types on the list")
        state = BrowseFeaturesTests().loaded()
        _ = state.apply(key: .down)
        let page = try #require(state.page)
        let generation = state.generation
        #expect(state.apply(key: .control("r")) == [.refresh(page, name: "", status: .any, generation: generation)], "Ctrl-R")
        #expect(KeyDecoder.keys(in: [0x12]) == [.control("r")])

        let redrawn = Bitmap(width: 32, height: 32, fill: RGBA(1, 2, 3))
        let rick = page.items[0].id
        state.apply(refreshed: page, avatars: [rick: redrawn], unchanged: 19, generation: generation)
        #expect(state.avatars[rick] == redrawn)
        #expect(state.notice == "refreshed page 1: the list is unchanged · 1 avatar changed, 19 unchanged")
        #expect(state.selection == 1, "the selection stays")

        var moved = page
        moved.items.removeFirst()
        state.apply(refreshed: moved, avatars: [:], unchanged: 19, generation: generation + 1)
        #expect(state.pages == [page], "an answer for results since replaced is dropped")
        state.apply(refreshed: moved, avatars: [:], unchanged: 19, generation: generation)
        #expect(state.notice?.contains("the list changed") == true && state.results.count == 19)
    }
}

import APIServer
import BlockArt
import Foundation
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import Synchronization
import TerminalKit
import TestSupport
import Testing
import UseCases

@testable import TerminalUI

/// Browse's effects run without a terminal: each against `rickdex serve`'s router on the bundled
/// data, through the real client and image pipeline, its answer read back as an event.
@Suite struct BrowseEffectsTests {
    /// The events an effect runner sent, read with a deadline that fails the test when it passes.
    final class Events: Sendable {
        private let received = Written<BrowseEvent>()
        private let reader: Task<Void, Never>

        init(_ stream: AsyncStream<BrowseEvent>) {
            let received = received
            reader = Task { for await event in stream { received.append(event) } }
        }

        deinit { reader.cancel() }

        /// The first event `match` accepts; a failed test when none came within `seconds` of this
        /// loop's own turns. A turn counts at most 100 ms, so a cooperative pool busy with other
        /// tests' work, which delays this loop and the effects alike, does not spend the budget.
        func first<T>(
            within seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation, _ match: (BrowseEvent) -> T?
        ) async throws -> T {
            var budget = Duration.seconds(seconds)
            while budget > .zero {
                if let found = received.all.lazy.compactMap(match).first { return found }
                let turn = ContinuousClock.now
                try await Task.sleep(for: .milliseconds(10))
                budget -= min(ContinuousClock.now - turn, .milliseconds(100))
            }
            let seen = received.all.map { "\($0)".prefix(60) }
            Issue.record("no matching event within \(seconds) s; received: \(seen)", sourceLocation: sourceLocation)
            throw CancellationError()
        }

        var count: Int { received.all.count }
    }

    /// What arrived, in order, from any task.
    final class Written<Item: Sendable>: Sendable {
        private let items = Mutex<[Item]>([])
        func append(_ item: Item) { items.withLock { $0.append(item) } }
        var all: [Item] { items.withLock { $0 } }
    }

    /// A runner on a fresh cache, its events, and what it wrote to the terminal.
    func withEffects(
        refresher: Bool = false, _ body: (BrowseEffects, Events, Written<String>, HTTPRickAndMortyClient) async throws -> Void
    ) async throws {
        try await TestData.withServer { base in
            let folder = try TemporaryFolder()
            let client = TestData.client(base)
            let images = try TestData.images(base, cacheIn: folder.url, transport: client.transport)
            let capabilities = TerminalCapabilities(colorMode: .truecolor, graphics: .blocks, columns: 80)
            let (stream, sink) = AsyncStream.makeStream(of: BrowseEvent.self)
            let written = Written<String>()
            let effects = BrowseEffects(
                client: client, refresher: refresher ? client : nil,
                avatars: BrowseAvatars(images: images, art: AvatarArt(capabilities: capabilities), logger: .disabled),
                events: sink, search: { _ in }, write: { written.append($0) })
            defer { effects.cancelAll() }
            try await body(effects, Events(stream), written, client)
        }
    }

    @Test func aPageFetchSendsThatPageWithItsGeneration() async throws {
        try await withEffects { effects, events, _, client in
            effects.run(.fetchPage(name: "rick", status: .alive, page: 2, generation: 7), grid: false)
            let (page, generation) = try await events.first {
                if case .page(let page, let generation) = $0 { (page, generation) } else { nil }
            }
            let expected = try await client.characters(CharacterQuery(name: "rick", status: .alive, page: 2))
            #expect(generation == 7)
            #expect(page.number == 2)
            #expect(page.items.map(\.id) == expected.items.map(\.id))
        }
    }

    @Test func aDetailSendsItsEpisodesAndALargeAvatar() async throws {
        try await withEffects { effects, events, _, client in
            let rick = try await client.character(id: 1)
            effects.run(.fetchDetail(rick), grid: false)
            let episodes = try await events.first {
                if case .detail(let character, let episodes) = $0, character.id == 1 { episodes } else { nil }
            }
            #expect(episodes.value?.map(\.id) == rick.episodeIDs)
            let large = try await events.first { if case .largeAvatar(1, let bitmap) = $0 { bitmap } else { nil } }
            let side = AvatarVariant.detail.sized(.columns(BrowseView.detailAvatar)).pixels(
                perColumn: CellRenderer.pixelsPerColumn)
            #expect(large.width == side)
        }
    }

    @Test func residentsAreTheLocationsOwn() async throws {
        try await withEffects { effects, events, _, client in
            effects.run(.fetchResidents(title: "Earth", locationID: 20), grid: false)
            let (people, title) = try await events.first {
                if case .people(let people, let title) = $0 { (people, title) } else { nil }
            }
            #expect(title == "Earth")
            #expect(people.value?.map(\.id).sorted() == (try await client.location(id: 20)).residentIDs.sorted())
        }
    }

    /// A location the server does not know: the people screen gets the error, not an empty list.
    @Test func residentsThatCannotBeHadComeAsAFailure() async throws {
        try await withEffects { effects, events, _, _ in
            effects.run(.fetchResidents(title: "Nowhere", locationID: 9999), grid: false)
            let people = try await events.first { if case .people(let people, "Nowhere") = $0 { people } else { nil } }
            guard case .failed(let failure) = people else {
                Issue.record("expected a failure, got \(people)")
                return
            }
            #expect(failure.error as? APIError == .notFound(resource: .location, id: 9999))
        }
    }

    @Test func anAvatarThatCannotBeHadIsReportedMissing() async throws {
        try await withEffects { effects, events, _, client in
            var rick = try await client.character(id: 1)
            let morty = try await client.character(id: 2)
            rick.image = "character/avatar/99999.jpeg"
            effects.run(.fetchAvatars([rick, morty]), grid: false)
            let missing = try await events.first { if case .avatarMissing(let id) = $0 { id } else { nil } }
            let shown = try await events.first { if case .avatar(let id, _) = $0 { id } else { nil } }
            #expect(missing == 1)
            #expect(shown == 2)
        }
    }

    @Test func sharingOutsideTmuxWritesOSC52AndSaysSo() async throws {
        try await withEffects { effects, events, written, client in
            let rick = try await client.character(id: 1)
            effects.run(.share(rick), grid: false)
            let text = ClipboardShare.text(for: rick, root: .realService)
            #expect(written.all == [ClipboardShare.sequence(text, multiplexed: false)])
            #expect(written.all.first?.hasPrefix("\u{1B}]52;c;") == true)
            let notice = try await events.first { if case .notice(let notice) = $0 { notice } else { nil } }
            #expect(notice == ClipboardShare.osc52Notice(text))
        }
    }

    @Test func refreshingOfflineSaysWhyAndAsksNothing() async throws {
        try await withEffects(refresher: false) { effects, events, _, client in
            let page = try await client.characters(CharacterQuery(page: 1))
            effects.run(.refresh(page, name: "", status: .any, generation: 1), grid: false)
            let notice = try await events.first { if case .notice(let notice) = $0 { notice } else { nil } }
            #expect(notice == "offline: nothing to refresh against (run without --offline)")
            #expect(effects.started == 0, "no fetch was started")
        }
    }

    @Test func aRefreshSendsThePageAgainWithNothingChanged() async throws {
        try await withEffects(refresher: true) { effects, events, _, client in
            let page = try await client.characters(CharacterQuery(page: 1))
            effects.run(.refresh(page, name: "", status: .any, generation: 3), grid: false)
            let (fresh, changed, unchanged, generation) = try await events.first {
                if case .refreshed(let fresh, let changed, let unchanged, let generation) = $0 {
                    (fresh, changed, unchanged, generation)
                } else {
                    nil
                }
            }
            #expect(fresh.items.map(\.id) == page.items.map(\.id))
            #expect(generation == 3)
            #expect(changed.count + unchanged == page.items.count)
        }
    }

    /// Ending browse and redrawing are the loop's: they start no work.
    @Test func theLoopsOwnEffectsStartNothing() async throws {
        try await withEffects { effects, _, _, _ in
            for effect in [BrowseState.Effect.abort, .redraw, .accept([], key: nil)] { effects.run(effect, grid: false) }
            #expect(effects.started == 0)
        }
    }

    @Test func theOpeningPageComesAsASearchState() async throws {
        try await withEffects { effects, events, _, _ in
            effects.open(BrowseQuery(name: "", status: .dead))
            let state = try await events.first { if case .opening(let state) = $0 { state } else { nil } }
            guard case .loaded(let query, let page) = state else {
                Issue.record("expected a loaded page, got \(state)")
                return
            }
            #expect(query == BrowseQuery(name: "", status: .dead))
            #expect(page.items.allSatisfy { $0.status == .dead })
        }
    }
}

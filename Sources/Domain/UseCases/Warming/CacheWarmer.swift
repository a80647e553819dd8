import FoundationEssentials
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import LoupeToolbox

/// Fills the cache for offline use, as Nuke's `ImagePrefetcher` does: every page of a listing,
/// every avatar on it (started as its page arrives), and the thumbnails the views will draw.
/// What fails is tried once more after the sweep, after the longest `Retry-After` (up to
/// `maximumPause`); after a `BatchStop` nothing new starts. One `warm` at a time per cache.
package struct CacheWarmer: Sendable {
    /// A search's characters, or every listing: what offline `search`, `show`, `episode` read.
    package enum Scope: Sendable, Hashable {
        case characters(CharacterQuery)
        case everything
    }

    package let client: any RickAndMortyClient
    package let images: ImagePipeline
    /// The cache the client stores its answers in: it tells fetched pages from cached ones.
    package let responses: DiskResponseCache?
    /// The pause before the final pass when no server asked for one, and the longest honored.
    package var retryPause: Duration = .seconds(1)
    package var maximumPause: Duration = .seconds(30)
    /// Revalidates every avatar even when fresh, remaking the thumbnails of those that changed.
    package var refreshes = false
    /// The API's `host:port`: an avatar host gone stops the batch only when it is this one.
    package var apiHost: String?
    /// The command's whole deadline (`--timeout`): nothing starts after it.
    package var deadline: ContinuousClock.Instant?

    package init(client: any RickAndMortyClient, images: ImagePipeline, responses: DiskResponseCache?) {
        self.client = client
        self.images = images
        self.responses = responses
    }

    /// Warms `scope`, making each avatar's `variants`; throws only when the listing's first page
    /// cannot be had, or the task is cancelled.
    package func warm(
        _ scope: Scope, variants: [AvatarVariant], pixelsPerColumn: Int,
        progress: @escaping @Sendable (BatchCount) -> Void = { _ in }
    ) async throws -> WarmReport {
        let before = responses?.statistics
        let diskBefore = responses?.disk.statistics
        let query: CharacterQuery
        switch scope {
        case .characters(let search): query = search
        case .everything: query = CharacterQuery()
        }
        let run = Run(warmer: self, variants: variants, pixelsPerColumn: pixelsPerColumn, progress: progress)
        let (characters, found) = AsyncStream.makeStream(of: RMCharacter.self)
        async let listed: Void = {
            defer { found.finish() }
            try await run.characters(query, found: found)
            if scope == .everything {
                await run.listing(EpisodeQuery())
                await run.listing(LocationQuery())
            }
        }()
        // At the deadline the avatars' work is cancelled (their requests end by their own).
        await run.deadline.within {
            await BoundedWork.forEachAsCompleted(arriving: characters, .mixed) { character in
                await run.avatar(character)
            } completed: { character, outcome in
                run.record(character, outcome)
            }
        }
        try await listed
        try Task.checkCancellation()
        await run.finalPass(query)
        var report = run.report(before: before, after: responses?.statistics)
        if let diskBefore, let disk = responses?.disk, disk.statistics.evictions > diskBefore.evictions {
            // The size limit took entries of this warm: the answers first kept, then what is gone said.
            (report.answersMissing, report.answers) = await run.keepAnswers()
            let after = disk.statistics
            report.evicted = after.evictions - diskBefore.evictions
            report.evictedBytes = after.bytesEvicted - diskBefore.bytesEvicted
        }
        return report
    }

    /// The requests the views make for `character`'s avatar: one per distinct size and ring.
    func requests(_ variants: [AvatarVariant], for character: RMCharacter, pixelsPerColumn: Int) -> [ImageRequest] {
        var seen = Set<ImageCacheKey>()
        return variants.map { $0.request(character.image, status: character.status, pixelsPerColumn: pixelsPerColumn) }
            .filter { seen.insert(images.cache.makeImageCacheKey(for: $0)).inserted }
    }

    /// What the data cache keeps of them, which warming makes: plain circles up to the largest
    /// size kept, not in memory (`ImagePipeline.DataCachePolicy`).
    func storedRequests(_ variants: [AvatarVariant], for character: RMCharacter, pixelsPerColumn: Int) -> [ImageRequest] {
        var seen = Set<ImageCacheKey>()
        return requests(variants, for: character, pixelsPerColumn: pixelsPerColumn).map { request in
            var stored = request
            stored.processors = request.processors.splitAtFinishingStep?.before ?? request.processors
            stored.options.insert(.disableMemoryCacheWrites)
            return stored
        }
        .filter { stored in
            let circle = stored.processors.first as? ImageProcessors.CircleThumbnail
            return images.configuration.processedImageStorage.stores(side: circle?.size ?? .max)
                && seen.insert(images.cache.makeImageCacheKey(for: stored)).inserted
        }
    }
}

extension CacheWarmer {
    /// One avatar's outcome; `status`: the origin's 200 or 304, `nil` from the cache.
    enum AvatarOutcome: Sendable {
        case done(status: HTTPResponse.Status?, made: Int)
        case failed(any Error)
        case notStarted
    }

    final class Run: Sendable {
        private struct State {
            /// Characters the listing announced, and the avatars so far as `outcomes` holds them.
            var total = 0
            var count = BatchCount()
            var pagesListed = 0
            var failedPages: [ResourceKind: [Int: any Error]] = [:]
            /// Pages whose request never left this process before the deadline.
            var unsentPages: [ResourceKind: Set<Int>] = [:]
            var outcomes: [Int: (RMCharacter, AvatarOutcome)] = [:]
            var retried = 0
            var stop: BatchStop?
            /// Each listing page the warm had, by its path, with how to ask for it again.
            var answers: [String: @Sendable () async -> Void] = [:]
        }

        let warmer: CacheWarmer
        let deadline: Deadline
        let variants: [AvatarVariant]
        let pixelsPerColumn: Int
        let progress: @Sendable (BatchCount) -> Void
        private let state = Locked(State())

        init(
            warmer: CacheWarmer, variants: [AvatarVariant], pixelsPerColumn: Int,
            progress: @escaping @Sendable (BatchCount) -> Void
        ) {
            self.warmer = warmer
            self.deadline = Deadline(warmer.deadline)
            self.variants = variants
            self.pixelsPerColumn = pixelsPerColumn
            self.progress = progress
        }

        /// Every character page, its characters handed on as it arrives; without the first page
        /// nothing is known to warm: tried once more after a pause, its failure is thrown.
        func characters(_ query: CharacterQuery, found: AsyncStream<RMCharacter>.Continuation) async throws {
            func list() async throws {
                _ = try await warmer.client.everyPage(query) { number, outcome in
                    if number == query.page, case .success(let first) = outcome { self.announce(first.count) }
                    for character in self.tally(query.at(page: number), outcome)?.items ?? [] { found.yield(character) }
                }
            }
            do {
                try await list()
            } catch let error where !(error is CancellationError) {
                try await Task.sleep(for: pause(after: [Self.retryAfter(error)]))
                try await list()
            }
        }

        private func announce(_ total: Int) {
            let count = state.withLock { state in
                state.total = total
                state.count.asked = total
                return state.count
            }
            progress(count)
        }

        /// Every page of an episode or location listing; none once the batch has stopped.
        func listing<Resource: APIResource>(_ query: ResourceQuery<Resource>) async {
            guard state.withLock({ $0.stop == nil }) else { return }
            do {
                _ = try await warmer.client.everyPage(query) { number, outcome in _ = self.tally(query.at(page: number), outcome) }
            } catch {
                _ = tally(query, .failure(error))
            }
        }


        /// After a warm whose writes made the disk evict: its answers are marked as just used, so
        /// trims take images first, and any taken asked for again. Returns (missing, of all).
        func keepAnswers() async -> (missing: Int, of: Int) {
            guard let responses = warmer.responses else { return (0, 0) }
            let answers = state.withLock { $0.answers }
            let missing = answers.keys.filter { !responses.markUsed($0) }
            for path in missing.sorted() { await answers[path]?() }
            return (missing.count { responses.response(for: $0) == nil }, answers.count)
        }

        private func tally<Resource: APIResource>(_ query: ResourceQuery<Resource>, _ outcome: Result<Page<Resource>, any Error>)
            -> Page<Resource>?
        {
            let (resource, number) = (Resource.kind, query.page)
            if case .success = outcome {
                let client = warmer.client
                state.withLock { $0.answers[APIEndpoint.page(query)] = { _ = try? await client.page(query) } }
            }
            return state.withLock { state in
                switch outcome {
                case .success(let page):
                    // A first page of none (a search that matches nothing) is no page of the listing.
                    if page.pages > 0 || number > 1 { state.pagesListed += 1 }
                    state.failedPages[resource]?[number] = nil
                    return page
                case .failure(let error) where BatchStop.neverSent(error):
                    state.unsentPages[resource, default: []].insert(number)
                    Self.stop(&state, for: error)
                    return nil
                case .failure(let error):
                    state.failedPages[resource, default: [:]][number] = error
                    Self.stop(&state, for: error)
                    return nil
                }
            }
        }

        /// `character`'s avatar and its thumbnails; not started after a stop or the deadline.
        func avatar(_ character: RMCharacter) async -> AvatarOutcome {
            let images = warmer.images
            if state.withLock({ $0.stop != nil }) || deadline.hasPassed { return .notStarted }
            let asked = ImageRequest(character.image, options: warmer.refreshes ? .reloadRevalidatingCachedData : [])
            let loaded = await deadline.exempt { () -> Result<Original, any Error> in
                do { return .success(try await images.data(for: asked)) } catch { return .failure(error) }
            }
            let original: Original
            switch loaded {
            case .success(let loaded): original = loaded
            case .failure(let error): return BatchStop.neverSent(error) ? .notStarted : .failed(error)
            }
            if original.isStaleAfterError {
                return .failed(StaleCopyKept())
            }
            do {
                if warmer.refreshes, original.urlResponse?.status == .ok {
                    // A new image: what was made from the old one goes, to be made again.
                    for request in warmer.requests(variants, for: character, pixelsPerColumn: pixelsPerColumn) {
                        images.cache.removeCachedImage(for: request)
                    }
                }
                var made = 0
                for request in warmer.storedRequests(variants, for: character, pixelsPerColumn: pixelsPerColumn) {
                    if deadline.hasPassed { throw CancellationError() }
                    if try await images.image(for: request).made { made += 1 }
                }
                return .done(status: original.urlResponse?.status, made: made)
            } catch let error where BatchStop.cutOff(error, by: warmer.deadline) {
                return .failed(BatchStop.deadlinePassed)
            } catch {
                return .failed(error)
            }
        }

        func record(_ character: RMCharacter, _ outcome: AvatarOutcome) {
            let count = state.withLock { state -> BatchCount in
                // A retry in the final pass replaces the sweep's outcome; it is not a new avatar.
                let before = state.outcomes.updateValue((character, outcome), forKey: character.id)?.1
                if let before { Self.count(before, in: &state.count, by: -1) }
                Self.count(outcome, in: &state.count, by: 1)
                state.count.asked = max(state.total, state.outcomes.count)
                switch outcome {
                case .failed(let error):
                    Self.stop(&state, for: error, apiHost: warmer.apiHost)
                case .notStarted where state.stop == nil && deadline.hasPassed:
                    state.stop = .deadlinePassed
                default:
                    break
                }
                return state.count
            }
            progress(count)
        }

        private static func count(_ outcome: AvatarOutcome, in count: inout BatchCount, by step: Int) {
            switch outcome {
            case .done: count.done += step
            case .failed: count.failed += step
            case .notStarted: break
            }
        }

        private static func stop(_ state: inout State, for error: any Error, apiHost: String? = nil) {
            guard state.stop == nil, let stop = BatchStop(error, apiHost: apiHost) else { return }
            state.stop = stop
        }

        /// The wait a throttled server asked for, in seconds.
        static func retryAfter(_ error: any Error) -> Double? {
            if case .throttled(_, let seconds)? = error as? APIError { return seconds }
            return nil
        }

        /// Tries again, once, every page and avatar that failed, after one pause; none after a stop.
        func finalPass(_ query: CharacterQuery) async {
            guard state.withLock({ $0.stop == nil }) else { return }
            let (pages, avatars) = state.withLock { state in
                (
                    state.failedPages,
                    state.outcomes.values.compactMap { character, outcome -> (RMCharacter, Double?)? in
                        if case .failed(let error) = outcome { return (character, Self.retryAfter(error)) }
                        return nil
                    }
                )
            }
            let waits = pages.values.flatMap(\.values).map(Self.retryAfter) + avatars.map(\.1)
            guard !waits.isEmpty else { return }
            state.withLock { $0.retried = waits.count }
            let pause = pause(after: waits)
            guard pause <= warmer.maximumPause, (try? await Task.sleep(for: pause)) != nil else { return }
            let (characters, found) = AsyncStream.makeStream(of: RMCharacter.self)
            for (character, _) in avatars { found.yield(character) }
            async let listed: Void = {
                defer { found.finish() }
                for (resource, numbers) in pages {
                    let sorted = numbers.keys.sorted()
                    switch resource {
                    case .character: await self.retry(query, numbers: sorted, found: found)
                    case .episode: await self.retry(EpisodeQuery(), numbers: sorted, found: found)
                    case .location: await self.retry(LocationQuery(), numbers: sorted, found: found)
                    }
                }
            }()
            await BoundedWork.forEachAsCompleted(arriving: characters, .mixed) { character in
                await self.avatar(character)
            } completed: { character, outcome in
                self.record(character, outcome)
            }
            await listed
        }

        /// Pages `numbers` of `query` again, a character page's characters handed on as it arrives.
        private func retry<Resource: APIResource>(
            _ query: ResourceQuery<Resource>, numbers: [Int], found: AsyncStream<RMCharacter>.Continuation
        ) async {
            // Without page 1 the rest were never known: list it all again.
            if numbers.first == 1 { return await listing(query) }
            _ = await warmer.client.pages(query, numbers: numbers) { number, outcome in
                for case let character as RMCharacter in self.tally(query.at(page: number), outcome)?.items ?? [] {
                    found.yield(character)
                }
            }
        }

        /// The longest `Retry-After` asked for, else the warmer's pause.
        private func pause(after waits: [Double?]) -> Duration {
            let asked = waits.compactMap { $0 }.max()
            return asked.map { Duration.milliseconds(Int64(($0 * 1000).rounded(.up))) } ?? warmer.retryPause
        }

        func report(before: DiskResponseCache.Statistics?, after: DiskResponseCache.Statistics?) -> WarmReport {
            state.withLock { state in
                var report = WarmReport()
                let pageFailures = state.failedPages.flatMap { resource, pages in
                    pages.map { (resource, $0.key, $0.value) }
                }
                .sorted { ($0.0.rawValue, $0.1) < ($1.0.rawValue, $1.1) }
                report.failures = pageFailures.map { BatchFailure(.page($0.0, $0.1), $0.2) }
                report.pages.notStarted = state.unsentPages.values.reduce(0) { $0 + $1.count }
                report.pages.total = state.pagesListed + pageFailures.count + report.pages.notStarted
                if let before, let after {
                    report.pages.fetched = after.stored - before.stored
                    report.pages.revalidated = after.renewed - before.renewed
                    // A page that could not be written (a full disk) is a failure: warming is for caching.
                    report.pages.failed = after.unstored - before.unstored + pageFailures.count
                    report.pages.cached = max(
                        0,
                        report.pages.total - report.pages.fetched - report.pages.revalidated - report.pages.failed
                            - report.pages.notStarted)
                } else {
                    report.pages.failed = pageFailures.count
                    report.pages.cached = report.pages.total - pageFailures.count - report.pages.notStarted
                }
                report.stop = state.stop
                let sizes = variants.map { $0.pixels(perColumn: pixelsPerColumn) }
                let storage = warmer.images.configuration.processedImageStorage
                report.thumbnailSizes = Set(sizes.filter { storage.stores(side: $0) }).sorted()
                for (id, (character, outcome)) in state.outcomes.sorted(by: { $0.key < $1.key }) {
                    switch outcome {
                    case .done(let status, let made):
                        switch status {
                        case .ok: report.avatars.fetched += 1
                        case .notModified: report.avatars.revalidated += 1
                        default: report.avatars.cached += 1
                        }
                        report.thumbnailsMade += made
                        report.thumbnailsWanted +=
                            warmer.storedRequests(variants, for: character, pixelsPerColumn: pixelsPerColumn).count
                    case .failed(let error):
                        report.avatars.failed += 1
                        report.failures.append(BatchFailure(.avatar(id: id, name: character.name), error))
                    case .notStarted:
                        break
                    }
                }
                // Every avatar the listing announced: those never reached (a failed page's, those
                // after a stop) are not started.
                report.avatars.total = state.count.asked
                report.avatars.notStarted = state.count.notStarted
                report.retried = state.retried
                return report
            }
        }
    }
}

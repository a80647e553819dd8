import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import LoupeToolbox

/// Round thumbnails for many characters, a window at a time (`Workload.mixed`), in their order:
/// the one fan-out that search rows, cast grids, contact sheets and `export --sheet` draw through.
package struct AvatarThumbnails: Sendable {
    private let make: @Sendable (RMCharacter) async throws -> Bitmap

    package init(images: ImagePipeline, variant: AvatarVariant, pixelsPerColumn: Int) {
        make = { character in
            let request = variant.request(character.image, status: character.status, pixelsPerColumn: pixelsPerColumn)
            return try await images.image(for: request).image
        }
    }

    /// E.g. from a dataset folder's files with no cache between.
    package init(making thumbnail: @escaping @Sendable (RMCharacter) async throws -> Bitmap) {
        make = thumbnail
    }

    package func all(_ characters: [RMCharacter]) async -> [Result<Bitmap, any Error>] {
        await BoundedWork.map(characters, .mixed) { character in await outcome(character) }
    }

    /// An avatar still loading when no avatar had arrived for the wait: its row is drawn without it.
    package struct Late: Error, CustomStringConvertible {
        package let seconds: Double
        package var description: String {
            "none arrived for \(seconds.decimalText(places: seconds == seconds.rounded() ? 0 : 1)) s"
        }
    }

    /// Each outcome handed to `output` in order as soon as those before it are in. With
    /// `stalledAfter`, one still loading when none has arrived for that long is `Late` (cancelled):
    /// a slow network keeps avatars coming, a hung server holds the text no longer than that.
    package func inOrder(
        _ characters: [RMCharacter], stalledAfter wait: Duration? = nil,
        output: (RMCharacter, Result<Bitmap, any Error>) -> Void
    ) async {
        let lastArrival = Locked(ContinuousClock.now)
        await BoundedWork.forEachInOrder(characters, .mixed) { character in
            (character, await outcome(character, lastArrival: lastArrival, wait: wait))
        } output: { character, thumbnail in
            output(character, thumbnail)
        }
    }

    private func outcome(_ character: RMCharacter, lastArrival: Locked<ContinuousClock.Instant>, wait: Duration?) async
        -> Result<Bitmap, any Error>
    {
        guard let wait else { return await outcome(character) }
        return await withTaskGroup(of: Result<Bitmap, any Error>?.self) { group in
            group.addTask {
                let result = await outcome(character)
                lastArrival.withLock { $0 = .now }
                return result
            }
            group.addTask {
                // Until the wait passes with no arrival (each arrival moves it on), or the load ends.
                while !Task.isCancelled {
                    let due = lastArrival.withLock { $0 } + wait
                    if ContinuousClock.now >= due { return nil }
                    try? await Task.sleep(until: due, clock: .continuous)
                }
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .failure(Late(seconds: wait.seconds))
        }
    }

    private func outcome(_ character: RMCharacter) async -> Result<Bitmap, any Error> {
        do {
            return .success(try await make(character))
        } catch {
            return .failure(error)
        }
    }
}

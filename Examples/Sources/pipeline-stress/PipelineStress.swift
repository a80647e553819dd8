import Foundation
import LoupePipeline
import LoupeImaging

/// Many `ImageTask`s at once, as an app's gallery makes them: awaited in a task group, some
/// cancelled, some raised in priority while they wait, some with a progress reader, a prefetcher
/// beside them, identical requests sharing their work. Built in release by CI (a debug build
/// hides whole-module miscompiles), it checks that every task ends once and as it should.
///
///     pipeline-stress BASE-URL [--images 120] [--rounds 3]
///
/// BASE-URL/1.jpeg … BASE-URL/N.jpeg must all exist (Fixtures/avatars under any static server do). Exit 0 when
/// every check holds, 1 with the failures on stderr.
@main
struct PipelineStress {
    /// One child's outcome. A struct rather than a tuple: Swift 6.3's optimizer breaks a task
    /// group whose child returns a tuple holding a reference from a do/catch
    /// (docs/compiler-defects.md).
    struct Outcome: Sendable {
        var index: Int
        var result: Result<ImageResponse, any Error>
        var again: Result<ImageResponse, any Error>
    }

    static func main() async throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        func option(_ name: String, _ fallback: Int) -> Int {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return fallback }
            defer { arguments.removeSubrange(index...index + 1) }
            return Int(arguments[index + 1]) ?? fallback
        }
        let images = option("--images", 120)
        let rounds = option("--rounds", 3)
        guard let base = arguments.first.flatMap(URL.init(string:)) else {
            FileHandle.standardError.write(Data("usage: pipeline-stress BASE-URL [--images 120] [--rounds 3]\n".utf8))
            exit(2)
        }
        // A hang is a failure too: no run of this size takes a minute.
        Task.detached {
            try await Task.sleep(for: .seconds(120))
            FileHandle.standardError.write(Data("pipeline-stress: still running after 120 s: a task never ended\n".utf8))
            exit(1)
        }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-stress-\(getpid())")
        defer { try? FileManager.default.removeItem(at: cache) }
        var failures: [String] = []
        for round in 1...rounds {
            failures += await run(round: round, base: base, images: images, cache: cache)
        }
        guard failures.isEmpty else {
            FileHandle.standardError.write(Data((failures.prefix(20).joined(separator: "\n") + "\n").utf8))
            FileHandle.standardError.write(Data("pipeline-stress: \(failures.count) check(s) failed\n".utf8))
            exit(1)
        }
        print("pipeline-stress: \(rounds) rounds of \(images) images: every task ended once, as it should")
    }

    /// One round: a fresh pipeline over the same disk cache (the first round downloads, the rest
    /// mostly read the disk), every image asked twice with two chains, every 7th task cancelled,
    /// every 5th raised to `.veryHigh` while it waits, every 9th read for progress, and a
    /// prefetcher over the same images at `.low`.
    static func run(round: Int, base: URL, images: Int, cache: URL) async -> [String] {
        var configuration = ImagePipeline.Configuration()
        do {
            configuration.dataCache = try DiskCache(root: cache)
        } catch {
            return ["round \(round): cannot open the disk cache \(cache.path): \(error)"]
        }
        let pipeline = ImagePipeline(configuration: configuration)
        let chains: [[any ImageProcessing]] = [
            [ImageProcessors.Resize(side: 48)],
            [ImageProcessors.Resize(side: 32), ImageProcessors.Circle()],
        ]
        let requests = (0..<images * 2).map { index in
            ImageRequest(
                url: base.appendingPathComponent("\(index % images + 1).jpeg"), processors: chains[index / images],
                priority: index % 3 == 0 ? .low : .normal)
        }
        let prefetcher = ImagePrefetcher(pipeline: pipeline, maxConcurrentRequestCount: 3)
        prefetcher.startPrefetching(with: Array(requests.shuffled().prefix(images / 2)))
        var failures: [String] = []
        var ended = Set<Int>()
        await withTaskGroup(of: Outcome.self) { group in
            for (index, request) in requests.enumerated() {
                let task = pipeline.imageTask(with: request)
                if index % 5 == 0 { task.priority = .veryHigh }
                if index % 9 == 0 { group.addTask { await readProgress(task, index) } }
                group.addTask {
                    if index % 7 == 0 { task.cancel() }
                    let result = await Result(catching: { try await task.response })
                    // A second wait gets the same answer, at once.
                    return Outcome(index: index, result: result, again: await Result(catching: { try await task.response }))
                }
            }
            for await outcome in group {
                guard outcome.index >= 0 else {
                    if case .failure(let error) = outcome.result, error is ProgressWentBack {
                        failures.append("round \(round): a task's progress went backwards")
                    }
                    continue
                }
                guard ended.insert(outcome.index).inserted else {
                    failures.append("round \(round): task \(outcome.index) ended twice")
                    continue
                }
                failures += check(outcome, requests[outcome.index], round: round)
            }
        }
        await prefetcher.finish()
        if ended.count != requests.count {
            failures.append("round \(round): \(ended.count) of \(requests.count) tasks ended")
        }
        if prefetcher.counts.failed > 0 {
            failures.append("round \(round): \(prefetcher.counts.failed) prefetches failed")
        }
        return failures
    }

    /// Progress only grows, and a finished download's last update is its whole body.
    static func readProgress(_ task: ImageTask, _ index: Int) async -> Outcome {
        var last = 0
        for await update in task.progress {
            if update.completed < last { return Outcome(index: -1, result: .failure(ProgressWentBack()), again: .failure(ProgressWentBack())) }
            last = update.completed
        }
        return Outcome(index: -1, result: .failure(CancellationError()), again: .failure(CancellationError()))
    }

    struct ProgressWentBack: Error {}

    /// A task that was not cancelled has its image, at its chain's size; a cancelled one has its
    /// image (it finished first) or `ImagePipeline.Error.cancelled`; both waits agree.
    static func check(_ outcome: Outcome, _ request: ImageRequest, round: Int) -> [String] {
        let name = "round \(round), task \(outcome.index) (\(request.url.lastPathComponent))"
        let side = request.processors.count == 1 ? 48 : 32
        switch (outcome.result, outcome.again) {
        case (.success(let first), .success(let second)):
            guard first.image.width == side, first.image.height == side else {
                return ["\(name): \(first.image.width)x\(first.image.height), not \(side)x\(side)"]
            }
            return first.image == second.image ? [] : ["\(name): two waits saw two images"]
        case (.failure(let error), .failure) where error as? ImagePipeline.Error == .cancelled:
            return outcome.index % 7 == 0 ? [] : ["\(name): cancelled, though no one cancelled it"]
        case (.failure(let error), _):
            return ["\(name): \(error)"]
        case (.success, .failure(let error)):
            return ["\(name): the second wait failed: \(error)"]
        }
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}

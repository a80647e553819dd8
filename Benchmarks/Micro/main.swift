// Micro-benchmarks of the cache's hot paths, printed as JSON for Benchmarks/compare:
//   memory hit            ImagePipeline.thumbnail answered by the memory tier (target < 1 µs)
//   disk hit, 64 px       ImagePipeline.thumbnail with the memory tier off: read, verify, PNG decode
//                         (target < 150 µs), and the same with a ring drawn on (a sheet's cell)
//   disk read + verify    the same without the decode
//   disk miss             DiskCache.entry for a key with no file, as every first fetch asks
//   disk store            DiskCache.store of avatar 1 (39 KB in the real data) as a new entry:
//                         head, checksum, temporary file, rename, size record
// Run in release: swift run -c release --package-path Benchmarks cache-microbench [cache-folder]
import Foundation
import LoupePipeline
import LoupeImaging

/// Nanoseconds per call of `body`, after a warm-up. Synchronous and nonisolated, so the loop
/// never hops to the main actor (top-level code runs there; a hop per call would dominate).
nonisolated func measure(_ iterations: Int, _ body: (Int) throws -> Void) rethrows -> Double {
    for index in 0..<min(iterations, 100) { try body(index) }  // warm-up: page cache, allocator
    let start = ContinuousClock.now
    for index in 0..<iterations { try body(index) }
    return Double((ContinuousClock.now - start) / .nanoseconds(1)) / Double(iterations)
}

/// The same for an async body, awaited in a loop off the main actor.
nonisolated func measureAsync(_ iterations: Int, _ body: @Sendable (Int) async throws -> Void) async rethrows -> Double {
    for index in 0..<min(iterations, 100) { try await body(index) }
    let start = ContinuousClock.now
    for index in 0..<iterations { try await body(index) }
    return Double((ContinuousClock.now - start) / .nanoseconds(1)) / Double(iterations)
}

let folder = URL(
    fileURLWithPath: CommandLine.arguments.dropFirst().first ?? NSTemporaryDirectory() + "rickdex-microbench-\(getpid())")
defer { if CommandLine.arguments.count < 2 { try? FileManager.default.removeItem(at: folder) } }
let disk = try DiskCache(root: folder)
// Keeps thumbnails as the command does: originals and thumbnails, a ring drawn on when shown.
let configuration = ImagePipeline.Configuration(dataLoader: nil, dataCache: disk, dataCachePolicy: .storeOriginalDataAndThumbnails)
// Plain, as the disk tier keeps thumbnails (a ring is drawn on when shown).
let circle = ImageProcessors.CircleThumbnail(size: 64)
let ringed = ImageProcessors.CircleThumbnail(size: 64, ring: RGBA(76, 196, 96))

// 100 distinct 64 px thumbnails on disk, made the way the pipeline makes them, from real avatars
// (../shared/realdata when present, else the bundled Fixtures/).
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let realAvatars = repository.deletingLastPathComponent().appendingPathComponent("shared/realdata/avatars")
let avatars =
    FileManager.default.fileExists(atPath: realAvatars.path)
    ? realAvatars : repository.appendingPathComponent("Fixtures/avatars")
// Said on stderr, so two builds compared (one from a worktree elsewhere) are seen to read the same.
FileHandle.standardError.write(Data("cache-microbench: avatars from \(avatars.path)\n".utf8))
var urls: [URL] = []
for id in 1...100 {
    let bytes = try [UInt8](Data(contentsOf: avatars.appendingPathComponent("\(id).jpeg")))
    let thumbnail = try Thumbnailer(circle: circle).thumbnail(bytes)
    guard let url = URL(string: "https://rickandmortyapi.com/api/character/avatar/\(id).jpeg") else { fatalError("bad URL") }
    let key = ImagePipeline(configuration: configuration).cache.makeDataCacheKey(for: ImageRequest(url: url, processors: [circle]))
    let png = try ProcessedImageStorage.standard.encoder.encode(thumbnail)
    try disk.store(png, metadata: disk.metadata(.processed, key: key, url: url.absoluteString, contentType: "image/png"), for: key)
    urls.append(url)
}

// Memory tier, through the pipeline as the commands use it: 100 thumbnails decoded once, then hits.
let warmPipeline = ImagePipeline(configuration: configuration)
let memoryKeys = urls.map { warmPipeline.cache.makeDataCacheKey(for: ImageRequest(url: $0, processors: [circle])) }
let memoryURLs = urls
for url in urls { _ = try await warmPipeline.image(for: ImageRequest(url: url, processors: [circle])) }
let memoryHit = try await measureAsync(2_000_000) { [circle] index in
    let thumbnail = try await warmPipeline.image(
        for: ImageRequest(url: memoryURLs[index % memoryURLs.count], processors: [circle]))
    precondition(thumbnail.cacheType == .memory)
}

// Disk tier through the pipeline, no memory tier, so every call reads the disk.
var uncached = configuration
uncached.imageCache = nil
let pipeline = ImagePipeline(configuration: uncached)
let diskURLs = urls
let diskHit = try await measureAsync(20_000) { [circle] index in
    let thumbnail = try await pipeline.image(for: ImageRequest(url: diskURLs[index % diskURLs.count], processors: [circle]))
    precondition(thumbnail.cacheType == .disk && thumbnail.image.width == 64)
}
let diskHitRinged = try await measureAsync(20_000) { [ringed] index in
    let thumbnail = try await pipeline.image(for: ImageRequest(url: diskURLs[index % diskURLs.count], processors: [ringed]))
    precondition(thumbnail.cacheType == .disk && thumbnail.image.width == 64)
}
let diskRead = measure(20_000) { index in
    precondition(disk.entry(for: memoryKeys[index % memoryKeys.count]) != nil)
}

let pngs = memoryKeys.compactMap { disk.entry(for: $0)?.body }
precondition(pngs.count == memoryKeys.count)
let decodeOnly = try measure(20_000) { index in
    let bitmap = try ImageDecoder().decode(pngs[index % pngs.count])
    precondition(bitmap.width == 64)
}

// A warm's disk work per avatar: the lookup that misses, then the store of a new entry.
let missingKeys = (0..<100).map { CacheKey(["url", "https://images.example/missing-\($0).jpeg"]) }
let diskMiss = measure(20_000) { index in
    precondition(disk.entry(for: missingKeys[index % missingKeys.count]) == nil)
}
let avatarBody = try [UInt8](Data(contentsOf: avatars.appendingPathComponent("1.jpeg")))
let stores = 1_000
let storeKeys = (0..<stores + 100).map { CacheKey(["url", "https://images.example/stored-\($0).jpeg"]) }
var nextStore = 0
let diskStore = try measure(stores) { _ in
    let key = storeKeys[nextStore]
    nextStore += 1
    let metadata = disk.metadata(
        .original, key: key, url: "https://rickandmortyapi.com/api/character/avatar/\(nextStore).jpeg",
        contentType: "image/jpeg")
    try disk.store(avatarBody, metadata: metadata, for: key)
}
precondition(disk.recordedSize().entries == 100 + nextStore)

let results: [String: Double] = [
    "disk_miss_us": (diskMiss / 100).rounded() / 10,
    "disk_store_avatar_us": (diskStore / 100).rounded() / 10,
    "png_decode_64px_us": (decodeOnly / 100).rounded() / 10,
    "memory_hit_ns": (memoryHit * 10).rounded() / 10,
    "disk_hit_64px_us": (diskHit / 100).rounded() / 10,
    "disk_hit_64px_ringed_us": (diskHitRinged / 100).rounded() / 10,
    "disk_read_verify_us": (diskRead / 100).rounded() / 10,
]
let json = try JSONSerialization.data(withJSONObject: results, options: [.sortedKeys])
print(String(decoding: json, as: UTF8.self))

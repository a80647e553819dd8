import Foundation
import TestSupport
import Testing

/// Against the real origin's headers (avatars `max-age=0`, JSON without `Cache-Control`), a warm
/// cache is not chatty: avatars are kept a week (`--avatar-max-stale`), JSON a day.
@Suite struct OriginFreshnessTests {
    @Test func aSecondSearchOnAWarmCacheAsksTheOriginNothing() async throws {
        let server = try await ServeProcess()
        let cache = try TemporaryFolder()
        let environment = ["RICKDEX_CACHE_DIR": cache.path]
        let first = try await RickdexProcess.run(
            ["search", "rick", "--api", server.baseURL, "--preview"], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let afterFirst = try server.requests()
        #expect(afterFirst.filter { $0.contains("/avatar/") }.count == 20)
        let second = try await RickdexProcess.run(
            ["search", "rick", "--api", server.baseURL, "--preview"], environment: environment)
        #expect(second.status == 0 && second.stdout == first.stdout)
        #expect(try server.requests().count == afterFirst.count, "no request at all the second time")
        // Following the server's headers alone, every avatar is asked about again (a 304 each).
        let strictCache = try TemporaryFolder()
        let strict = ["search", "rick", "--api", server.baseURL, "--preview", "--avatar-max-stale", "0"]
        _ = try await RickdexProcess.run(strict, environment: ["RICKDEX_CACHE_DIR": strictCache.path])
        let beforeStrict = try server.requests().count
        let again = try await RickdexProcess.run(strict, environment: ["RICKDEX_CACHE_DIR": strictCache.path])
        #expect(again.status == 0 && again.stdout == first.stdout)
        #expect(try server.requests().dropFirst(beforeStrict).filter { $0.contains("/avatar/") }.count == 20)
    }

    @Test func warmRefreshAsksAboutEveryPageAndAvatarAndAPlainWarmNothing() async throws {
        let server = try await ServeProcess()
        let cache = try TemporaryFolder()
        let environment = ["RICKDEX_CACHE_DIR": cache.path]
        let warm = ["warm", "rick", "--no-thumbnails", "--api", server.baseURL]
        #expect(try await RickdexProcess.run(warm, environment: environment).status == 0)
        let first = try server.requests().count
        #expect(try await RickdexProcess.run(warm, environment: environment).status == 0)
        #expect(try server.requests().count == first, "a plain warm of a warm cache asks nothing")
        let refreshed = try await RickdexProcess.run(warm + ["--refresh"], environment: environment)
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        let asked = try server.requests().dropFirst(first)
        // 97 characters match rick in the fixtures, on 5 pages.
        #expect(asked.filter { $0.contains("/avatar/") }.count == 97)
        #expect(asked.filter { $0.hasPrefix("/api/character?") }.count == 5)
    }
}

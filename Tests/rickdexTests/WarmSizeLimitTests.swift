import Foundation
import TestSupport
import Testing

/// `warm` under a size limit smaller than what it warms: the answers (what `--offline` needs)
/// are kept before images, the limit is said to be too small and by how much, and the exit code
/// says the warm is not all in the cache.
@Suite struct WarmSizeLimitTests {
    func warm(limit: String) async throws -> (run: RickdexProcess.Run, offline: RickdexProcess.Run) {
        let server = try await ServeProcess(["--data", TestData.fixtures.path])
        let cache = try TemporaryFolder()
        let environment = ["RICKDEX_CACHE_DIR": cache.path]
        let run = try await RickdexProcess.run(
            ["warm", "--all", "--no-thumbnails", "--json", "--cache-size", limit, "--api", server.baseURL],
            environment: environment)
        let offline = try await RickdexProcess.run(
            ["search", "rick", "--all", "--no-preview", "--offline", "--cache-size", limit, "--api", server.baseURL],
            environment: environment)
        return (run, offline)
    }

    @Test func aLimitBelowTheAvatarsKeepsEveryAnswer() async throws {
        let (run, offline) = try await warm(limit: "4MB")
        #expect(run.status == 4, "\(run.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((summary["evicted"] as? Int ?? 0) > 0 && summary["answersMissing"] as? Int == 0, "\(run.stdout)")
        #expect(run.stderr.contains("is too small for this warm") && run.stderr.contains("so --offline works"), "\(run.stderr)")
        #expect(run.stderr.contains("--cache-size "), "\(run.stderr)")
        // Every answer is there: offline search lists what it lists online.
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.split(separator: "\n").count == 97, "\(offline.stdout)")
    }

    @Test func aLimitBelowTheAnswersSaysOfflineWouldMissThem() async throws {
        let (run, offline) = try await warm(limit: "200KB")
        #expect(run.status == 4, "\(run.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((summary["answersMissing"] as? Int ?? 0) > 0, "\(run.stdout)")
        #expect(run.stderr.contains("--offline would miss"), "\(run.stderr)")
        #expect(offline.status != 0 && offline.stderr.contains("not in the cache"), "\(offline.stderr)")
        // Answers counted as answers: no more than the warm's 52 pages, never its images.
        let counted = offline.stderr.firstMatch(of: /\((\d+) answers?\)/).flatMap { Int($0.1) }
        #expect(counted.map { $0 <= 52 } == true, "\(offline.stderr)")
    }
}

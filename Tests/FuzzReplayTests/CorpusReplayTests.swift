import Foundation
import FuzzTargets
import TestSupport
import Testing

/// Replays the saved fuzzing corpus (seeds from `Fixtures/` and what fuzzing kept) through the
/// fuzz targets, whose checks stop the process on a broken promise.
@Suite struct CorpusReplayTests {
    static let corpus = TestData.repositoryRoot.appendingPathComponent("Tests/FuzzReplayTests/Corpus", isDirectory: true)

    /// The corpus files of `target`: (is a seed, bytes).
    static func inputs(_ target: String) throws -> [(seed: Bool, bytes: [UInt8])] {
        try FuzzDriver.files(at: corpus.appendingPathComponent(target).path).map {
            ($0.lastPathComponent.hasPrefix("seed-"), Array(try Data(contentsOf: $0)))
        }
    }

    @Test func imageCorpusReplays() throws {
        let inputs = try Self.inputs("images")
        #expect(inputs.filter(\.seed).count >= 16)
        for input in inputs {
            let decoded = ImageFuzzTarget.run(input.bytes)
            #expect(decoded || !input.seed, "a seed image no longer decodes")
        }
    }

    /// Cache entries as anyone who may write a shared cache folder could craft them: the seeds
    /// are entries as the cache writes them, and the rest (a body length that overflows the
    /// header's sum, lengths past the file, a field length of `Int.max`, times past any date)
    /// are corrupt, each with a description, never a trap.
    @Test func cacheEntryCorpusReplays() throws {
        let inputs = try Self.inputs("cache-entry")
        #expect(inputs.filter(\.seed).count >= 4)
        #expect(inputs.count >= 12)
        for input in inputs {
            #expect(CacheEntryFuzzTarget.run(input.bytes) == input.seed, "a seed must decode, and nothing else")
        }
    }

    @Test func apiJSONCorpusReplays() throws {
        let inputs = try Self.inputs("api-json")
        #expect(inputs.filter(\.seed).count >= 9)
        for input in inputs {
            let kinds = APIJSONFuzzTarget.run(input.bytes)
            #expect(kinds > 0 || !input.seed, "a seed answer no longer decodes")
        }
    }
}

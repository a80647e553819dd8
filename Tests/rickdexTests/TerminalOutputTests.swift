import Testing
import UseCases

@testable import rickdex

/// The pieces of terminal output that have rules of their own.
@Suite struct TerminalOutputTests {
    @Test func theProgressBarShowsDoneTotalRateAndETA() {
        let bar = ProgressBar(label: "warming", total: 200, enabled: false)
        let line = bar.render(BatchCount(asked: 200, done: 50), elapsed: .seconds(2))
        #expect(line == "\r\u{1B}[2Kwarming ██████░░░░░░░░░░░░░░░░░░ 50/200 · 25/s · ETA 6s")
        #expect(bar.render(BatchCount(asked: 200, done: 200), elapsed: .seconds(4)).hasSuffix("200/200 · 50/s · ETA 0s"))
        // No guess from the first moments: the listing is still coming.
        #expect(bar.render(BatchCount(asked: 826, done: 3), elapsed: .milliseconds(700)).hasSuffix("3/826 · 4/s"))
        #expect(bar.render(BatchCount(asked: 826, done: 30), elapsed: .seconds(2)).hasSuffix("30/826 · 15/s"))
    }

    /// The bar counts as the summary does: done of asked, the failed apart (not done), and the
    /// rate and ETA of items ended either way.
    @Test func theProgressBarSaysTheFailedApart() {
        let bar = ProgressBar(label: "warming", total: 826, enabled: false)
        let line = bar.render(BatchCount(asked: 826, done: 112, failed: 47), elapsed: .seconds(3))
        #expect(line.hasSuffix(" 112/826 · 47 failed · 53/s · ETA 13s"), "\(line)")
    }

    @Test(arguments: [
        ("512MB", Int64(512 << 20)), ("2G", Int64(2 << 30)), ("1.5GiB", Int64(1.5 * Double(1 << 30))),
        ("300000", Int64(300_000)), ("64 kb", Int64(64 << 10)),
    ])
    func cacheSizesReadAsDuPrintsThem(text: String, bytes: Int64) {
        #expect(ByteSize(argument: text)?.bytes == bytes)
    }

    @Test(arguments: ["", "MB", "-5MB", "12XB", "0"])
    func nonsenseSizesAreRefused(text: String) {
        #expect(ByteSize(argument: text) == nil)
    }

    @Test func sizesPrintShort() {
        #expect(ByteSize.format(512) == "512 B")
        #expect(ByteSize.format(17 * 1024 * 1024 + 300_000) == "17 MB")
        #expect(ByteSize.format(1536) == "1.5 KB")
    }

    @Test func theCacheFolderComesFromTheOptionThenTheEnvironment() throws {
        let environment = ["RICKDEX_CACHE_DIR": "/env/cache", "XDG_CACHE_HOME": "/xdg", "HOME": "/home/me"]
        #expect(try CacheOptions.parse(["--cache-dir", "/flag"]).root(environment: environment).path == "/flag")
        #expect(try CacheOptions.parse([]).root(environment: environment).path == "/env/cache")
        #expect(try CacheOptions.parse([]).root(environment: ["XDG_CACHE_HOME": "/xdg", "HOME": "/h"]).path == "/xdg/rickdex")
        #expect(
            try CacheOptions.parse([]).root(environment: ["RICKDEX_CACHE_DIR": "", "HOME": "/h"]).path == "/h/.cache/rickdex")
        #expect(try CacheOptions.parse(["--cache-size", "1GB"]).cacheSize.bytes == 1 << 30)
    }
}

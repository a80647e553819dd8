import Foundation
import TestSupport
import Testing

/// `--symbols`, `RICKDEX_SYMBOLS`, probing and `rickdex terminal`, through the real executable.
@Suite struct SymbolOptionTests {
    static let avatar = TestData.fixtures.appendingPathComponent("avatars/1.jpeg").path

    @Test func anUnknownSetIsAUsageErrorThatListsTheChoices() async throws {
        let option = try await RickdexProcess.run(["art", "--symbols", "braille", Self.avatar])
        #expect(option.status == 1)
        #expect(option.stderr.contains("half") && option.stderr.contains("octant") && option.stderr.contains("auto"))
        let variable = try await RickdexProcess.run(["art", Self.avatar], environment: ["RICKDEX_SYMBOLS": "braille"])
        #expect(variable.status == 1)
        #expect(variable.stderr.contains("RICKDEX_SYMBOLS must be one of half, quadrant, sextant, octant, auto"))
    }

    @Test(arguments: [("half", 0x2580...0x259F), ("sextant", 0x1FB00...0x1FB3B), ("octant", 0x1CD00...0x1CDE5)])
    func artDrawsInTheChosenSet(set: String, range: ClosedRange<UInt32>) async throws {
        let result = try await RickdexProcess.run([
            "art", "--symbols", set, "--color", "always", "--color-mode", "truecolor", "--width", "20", Self.avatar,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 10, "a square image at 20 columns is 10 lines")
        #expect(result.stdout.unicodeScalars.contains { range.contains($0.value) })
        let fromVariable = try await RickdexProcess.run(
            ["art", "--color", "always", "--color-mode", "truecolor", "--width", "20", Self.avatar],
            environment: ["RICKDEX_SYMBOLS": set])
        #expect(fromVariable.stdout == result.stdout, "RICKDEX_SYMBOLS chooses the same set")
    }

    @Test func pipedNothingIsProbedAndTheReportSaysWhy() async throws {
        let result = try await RickdexProcess.run(["terminal", "--json"], environment: ["TERM": "xterm-kitty"])
        #expect(result.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["probed"] as? Bool == false)
        #expect((report["terminal"] as? [String: String])?["value"] == "kitty")
        #expect((report["symbols"] as? [String: String])?["value"] == "half", "kitty without a version: the safe set")
        #expect(!result.stdout.contains("\u{1B}"), "no query was written to a pipe")
    }
}

import Testing

@testable import UseCases

/// fzf's own cases for its match functions (junegunn/fzf `src/algo/algo_test.go`), with the
/// scores and spans it expects, written as fzf writes them.
@Suite struct FuzzyMatcherTests {
    // fzf's scores, default scheme.
    static let scoreMatch = 16, gapStart = -3, gapExtension = -1
    static let boundary = 8, nonWord = 8, camel123 = 7, consecutive = 4, firstCharMultiplier = 2
    static let boundaryWhite = 10, boundaryDelimiter = 9

    /// One of fzf's `assertMatch` lines: the span from the first to one past the last matched
    /// character, and the score; `-1, -1, 0` for no match.
    struct Case: Sendable, CustomTestStringConvertible {
        var caseSensitive: Bool
        var text: String
        var pattern: String
        var start: Int
        var end: Int
        var score: Int

        init(_ caseSensitive: Bool, _ text: String, _ pattern: String, _ start: Int, _ end: Int, _ score: Int) {
            (self.caseSensitive, self.text, self.pattern, self.start, self.end, self.score) =
                (caseSensitive, text, pattern, start, end, score)
        }

        var testDescription: String { "\(pattern) in \(text)" }
    }

    /// What `algorithm` makes of a case, as fzf's `assertMatch` reads it.
    static func outcome(_ algorithm: FuzzyMatcher.Algorithm, _ test: Case, normalize: Bool = false) -> [Int] {
        guard
            let match = FuzzyMatcher().match(
                algorithm, test.pattern, in: test.text, caseSensitive: test.caseSensitive, normalize: normalize),
            let first = match.positions.first, let last = match.positions.last
        else { return [-1, -1, 0] }
        return [first, last + 1, match.score]
    }

    static let fuzzyCases: [Case] = [
        Case(false, "fooBarbaz1", "oBZ", 2, 9, scoreMatch * 3 + camel123 + gapStart + gapExtension * 3),
        Case(
            false, "foo bar baz", "fbb", 0, 9,
            scoreMatch * 3 + boundaryWhite * firstCharMultiplier + boundaryWhite * 2 + 2 * gapStart + 4 * gapExtension),
        Case(false, "/AutomatorDocument.icns", "rdoc", 9, 13, scoreMatch * 4 + camel123 + consecutive * 2),
        Case(
            false, "/man1/zshcompctl.1", "zshc", 6, 10,
            scoreMatch * 4 + boundaryDelimiter * firstCharMultiplier + boundaryDelimiter * 3),
        Case(
            false, "/.oh-my-zsh/cache", "zshc", 8, 13,
            scoreMatch * 4 + boundary * firstCharMultiplier + boundary * 2 + gapStart + boundaryDelimiter),
        // Punctuation at the start is a strong boundary; after a delimiter it takes the delimiter's.
        Case(false, ".vimrc", ".vimrc", 0, 6, scoreMatch * 6 + boundaryWhite * (firstCharMultiplier + 5)),
        Case(false, "/.vimrc", ".vimrc", 1, 7, scoreMatch * 6 + boundaryDelimiter * (firstCharMultiplier + 5)),
        Case(false, "a.vimrc", ".vimrc", 1, 7, scoreMatch * 6 + boundary * (firstCharMultiplier + 5)),
        Case(false, "ab0123 456", "12356", 3, 10, scoreMatch * 5 + consecutive * 3 + gapStart + gapExtension),
        Case(
            false, "abc123 456", "12356", 3, 10,
            scoreMatch * 5 + camel123 * firstCharMultiplier + camel123 * 2 + consecutive + gapStart + gapExtension),
        Case(
            false, "foo/bar/baz", "fbb", 0, 9,
            scoreMatch * 3 + boundaryWhite * firstCharMultiplier + boundaryDelimiter * 2 + 2 * gapStart + 4 * gapExtension),
        Case(
            false, "fooBarBaz", "fbb", 0, 7,
            scoreMatch * 3 + boundaryWhite * firstCharMultiplier + camel123 * 2 + 2 * gapStart + 2 * gapExtension),
        Case(
            false, "foo barbaz", "fbb", 0, 8,
            scoreMatch * 3 + boundaryWhite * firstCharMultiplier + boundaryWhite + gapStart * 2 + gapExtension * 3),
        Case(false, "fooBar Baz", "foob", 0, 4, scoreMatch * 4 + boundaryWhite * firstCharMultiplier + boundaryWhite * 3),
        Case(
            false, "xFoo-Bar Baz", "foo-b", 1, 6,
            scoreMatch * 5 + camel123 * firstCharMultiplier + camel123 * 2 + nonWord + boundary),
        Case(true, "fooBarbaz", "oBz", 2, 9, scoreMatch * 3 + camel123 + gapStart + gapExtension * 3),
        Case(
            true, "Foo/Bar/Baz", "FBB", 0, 9,
            scoreMatch * 3 + boundaryWhite * firstCharMultiplier + boundaryDelimiter * 2 + gapStart * 2 + gapExtension * 4),
        Case(
            true, "FooBarBaz", "FBB", 0, 7,
            scoreMatch * 3 + boundaryWhite * firstCharMultiplier + camel123 * 2 + gapStart * 2 + gapExtension * 2),
        Case(
            true, "FooBar Baz", "FooB", 0, 4,
            scoreMatch * 4 + boundaryWhite * firstCharMultiplier + boundaryWhite * 2 + max(camel123, boundaryWhite)),
        // The consecutive bonus takes a later word start's bonus.
        Case(true, "foo-bar", "o-ba", 2, 6, scoreMatch * 4 + boundary * 3),
        Case(true, "fooBarbaz", "oBZ", -1, -1, 0),
        Case(true, "Foo Bar Baz", "fbb", -1, -1, 0),
        Case(true, "fooBarbaz", "fooBarbazz", -1, -1, 0),
    ]

    @Test(arguments: fuzzyCases)
    func fuzzyMatchV2(_ test: Case) {
        #expect(Self.outcome(.fuzzy, test) == [test.start, test.end, test.score])
    }

    /// fzf runs the same cases through FuzzyMatchV1, the greedy match a long text falls back to.
    @Test(arguments: fuzzyCases)
    func greedyFallbackScoresAlike(_ test: Case) {
        let matcher = FuzzyMatcher()
        let candidates = FuzzyCandidates([test.text])
        let pattern = test.pattern.unicodeScalars.map { test.caseSensitive ? $0.value : FuzzyScalar.lowercase($0.value) }
        matcher.slab.clearPositions()
        let score = candidates.withView { view in
            pattern.withUnsafeBufferPointer {
                matcher.greedy(
                    $0, in: view.text(at: 0, caseSensitive: test.caseSensitive, normalize: false, slab: matcher.slab),
                    positions: true)
            }
        }
        let positions = matcher.slab.sortedPositions()
        let outcome = score.map { [positions.first ?? -1, (positions.last ?? -2) + 1, $0] } ?? [-1, -1, 0]
        #expect(outcome == [test.start, test.end, test.score])
    }

    @Test(arguments: [
        Case(true, "fooBarbaz", "oBA", -1, -1, 0),
        Case(true, "fooBarbaz", "fooBarbazz", -1, -1, 0),
        Case(false, "fooBarbaz", "oBA", 2, 5, scoreMatch * 3 + camel123 + consecutive),
        Case(false, "/AutomatorDocument.icns", "rdoc", 9, 13, scoreMatch * 4 + camel123 + consecutive * 2),
        Case(false, "/man1/zshcompctl.1", "zshc", 6, 10, scoreMatch * 4 + boundaryDelimiter * (firstCharMultiplier + 3)),
        Case(
            false, "/.oh-my-zsh/cache", "zsh/c", 8, 13,
            scoreMatch * 5 + boundary * (firstCharMultiplier + 3) + boundaryDelimiter),
        // The first occurrence, when none is at a word start.
        Case(false, "foobar foob", "oo", 1, 3, scoreMatch * 2 + consecutive),
    ])
    func exactMatchNaive(_ test: Case) {
        #expect(Self.outcome(.exact, test) == [test.start, test.end, test.score])
    }

    /// `'rick'`: a word on its own.
    ///
    /// fzf scores it from the bonus of the occurrence it stopped at (less its excess over 8, and
    /// one more, for an underscore beside it), plus 16 a character and 10 a character and one more.
    @Test(arguments: [
        Case(false, "Rick Sanchez", "rick", 0, 4, boundaryWhite + scoreMatch * 4 + boundaryWhite * 5),
        Case(false, "Pickle Rick", "rick", 7, 11, boundaryWhite + scoreMatch * 4 + boundaryWhite * 5),
        Case(false, "Rick_Sanchez", "rick", 0, 4, boundaryWhite - 3 + scoreMatch * 4 + boundaryWhite * 5),
        Case(false, "Rickety Rick", "rick", 8, 12, boundaryWhite + scoreMatch * 4 + boundaryWhite * 5),
        Case(false, "Rickety Ricky", "rick", -1, -1, 0),
    ])
    func exactMatchBoundary(_ test: Case) {
        #expect(Self.outcome(.exactBoundary, test) == [test.start, test.end, test.score])
    }

    static let prefixScore = scoreMatch * 3 + boundaryWhite * firstCharMultiplier + boundaryWhite * 2

    @Test(arguments: [
        Case(true, "fooBarbaz", "Foo", -1, -1, 0),
        Case(false, "fooBarBaz", "baz", -1, -1, 0),
        Case(false, "fooBarbaz", "Foo", 0, 3, prefixScore),
        Case(false, "foOBarBaZ", "foo", 0, 3, prefixScore),
        Case(false, "f-oBarbaz", "f-o", 0, 3, prefixScore),
        Case(false, " fooBar", "foo", 1, 4, prefixScore),
        Case(false, " fooBar", " fo", 0, 3, prefixScore),
        Case(false, "     fo", "foo", -1, -1, 0),
    ])
    func prefixMatch(_ test: Case) {
        #expect(Self.outcome(.prefix, test) == [test.start, test.end, test.score])
    }

    @Test(arguments: [
        Case(true, "fooBarbaz", "Baz", -1, -1, 0),
        Case(false, "fooBarbaz", "Foo", -1, -1, 0),
        Case(false, "fooBarbaz", "baz", 6, 9, scoreMatch * 3 + consecutive * 2),
        Case(false, "fooBarBaZ", "baz", 6, 9, (scoreMatch + camel123) * 3 + camel123 * (firstCharMultiplier - 1)),
        // Trailing white space is not part of the name, unless the pattern ends with it.
        Case(false, "fooBarbaz ", "baz", 6, 9, scoreMatch * 3 + consecutive * 2),
        Case(false, "fooBarbaz ", "baz ", 6, 10, scoreMatch * 4 + consecutive * 2 + boundaryWhite),
    ])
    func suffixMatch(_ test: Case) {
        #expect(Self.outcome(.suffix, test) == [test.start, test.end, test.score])
    }

    /// fzf's `TestEqual`: `^AbC$` is case-sensitive (smart case), white space around aside.
    @Test(arguments: [("ABC", -1, -1), ("AbC", 0, 3), ("AbC  ", 0, 3), (" AbC ", 1, 4), ("  AbC", 2, 5)])
    func equalMatch(text: String, start: Int, end: Int) {
        let test = Case(true, text, "AbC", start, end, 0)
        #expect(Array(Self.outcome(.equal, test).prefix(2)) == [start, end])
    }

    /// An empty pattern matches at no character, with no score; for `equal`, it matches nothing.
    @Test(arguments: [FuzzyMatcher.Algorithm.fuzzy, .exact, .prefix, .suffix])
    func emptyPattern(_ algorithm: FuzzyMatcher.Algorithm) {
        #expect(
            FuzzyMatcher().match(algorithm, "", in: "foobar", caseSensitive: true)
                == FuzzyMatch(index: 0, score: 0, positions: []))
        #expect(FuzzyMatcher().match(.equal, "", in: "foobar") == nil)
    }

    /// fzf's `TestNormalize`: accented Latin letters match their base letter.
    @Test(arguments: [
        (Case(false, "Só Danço Samba", "So", 0, 2, 62), [FuzzyMatcher.Algorithm.fuzzy, .prefix, .exact]),
        (Case(false, "Só Danço Samba", "sodc", 0, 7, 97), [.fuzzy]),
        (Case(false, "Danço", "danco", 0, 5, 140), [.fuzzy, .prefix, .suffix, .exact, .equal]),
    ])
    func normalization(_ test: Case, algorithms: [FuzzyMatcher.Algorithm]) {
        for algorithm in algorithms {
            #expect(Self.outcome(algorithm, test, normalize: true) == [test.start, test.end, test.score], "\(algorithm)")
        }
    }

    /// Without normalization (fzf's `--literal`) ç is not c.
    @Test func literal() {
        #expect(FuzzyMatcher().match(.fuzzy, "danco", in: "Danço", normalize: false) == nil)
        #expect(FuzzyMatcher().match(.fuzzy, "sodc", in: "Só Danço Samba", normalize: false) == nil)
        #expect(FuzzyMatcher().match(.fuzzy, "danço", in: "Danço", normalize: false)?.positions == Array(0...4))
    }

    /// fzf's `TestLongString`: a text too long for the score table is matched greedily.
    @Test func longString() {
        let text = String(repeating: "x", count: 65_535) + "z" + String(repeating: "x", count: 65_535)
        let test = Case(true, text, "zx", 65_535, 65_537, Self.scoreMatch * 2 + Self.consecutive)
        #expect(Self.outcome(.fuzzy, test) == [test.start, test.end, test.score])
    }

    /// fzf's `TestResultPositionsWithReusedSlab`: what an earlier match left in the scratch
    /// memory does not change the positions of the next.
    @Test func positionsDoNotDependOnWhatTheSlabHeld() {
        let fresh = FuzzyMatcher().match(.fuzzy, "co/", in: "core_color/view/server.txt")
        let matcher = FuzzyMatcher()
        _ = matcher.match(.fuzzy, "co/", in: "completion/keybinding/client/handler/writer_index.txt")
        let reused = matcher.match(.fuzzy, "co/", in: "core_color/view/server.txt")
        #expect(fresh != nil)
        #expect(reused == fresh)
    }

    /// Positions index the name's `Character`s: a letter and its combining mark are one.
    @Test func positionsIndexCharacters() {
        let match = FuzzyMatcher().match(.fuzzy, "martinez", in: "Marti\u{301}nez Sa\u{301}nchez")
        #expect(match?.positions == Array(0...7))
        #expect(FuzzyMatcher().match(.exact, "nez", in: "🧪👨‍🔬 Martínez")?.positions == [8, 9, 10])
    }

    /// Curly apostrophes are the straight one, in the text and in the pattern.
    @Test(arguments: ["morty's", "morty’s", "morty‘s"])
    func curlyApostrophesAreStraight(_ pattern: String) {
        #expect(FuzzyMatcher().match(.exact, pattern, in: "Morty’s Lawyer")?.positions == Array(0...6))
        #expect(FuzzyMatcher().match(.exact, pattern, in: "Morty's Lawyer")?.positions == Array(0...6))
    }
}

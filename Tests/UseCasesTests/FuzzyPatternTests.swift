import Foundation
import RickAndMortyAPI
import TestSupport
import Testing

@testable import UseCases

/// fzf's extended search syntax (junegunn/fzf `src/pattern_test.go`), its ranking, and what
/// Rickdex asks of them over real names.
@Suite struct FuzzyPatternTests {
    /// The terms by OR group, each as `[!]algorithm text`.
    static func terms(_ query: String, exact: Bool = false) -> [[String]] {
        FuzzyPattern(query, exact: exact).termSets.map { set in
            set.map { "\($0.isInverse ? "!" : "")\($0.algorithm) \($0.text)" }
        }
    }

    /// fzf's `TestParseTermsExtended`.
    @Test func parseTermsExtended() {
        #expect(
            Self.terms("aaa 'bbb ^ccc ddd$ !eee !'fff !^ggg !hhh$ | ^iii$ ^xxx | 'yyy | zzz$ | !ZZZ |") == [
                ["fuzzy aaa"], ["exact bbb"], ["prefix ccc"], ["suffix ddd"], ["!exact eee"], ["!fuzzy fff"],
                ["!prefix ggg"], ["!suffix hhh", "equal iii"], ["prefix xxx", "exact yyy", "suffix zzz", "!exact ZZZ"],
            ])
    }

    /// fzf's `TestParseTermsExtendedExact`: with `--exact`, `'` makes a term fuzzy.
    @Test func parseTermsExtendedExact() {
        #expect(
            Self.terms("aaa 'bbb ^ccc ddd$ !eee !'fff !^ggg !hhh$", exact: true) == [
                ["exact aaa"], ["fuzzy bbb"], ["prefix ccc"], ["suffix ddd"], ["!exact eee"], ["!fuzzy fff"],
                ["!prefix ggg"], ["!suffix hhh"],
            ])
    }

    /// fzf's `TestParseTermsEmpty`: syntax alone is no term.
    @Test func parseTermsEmpty() {
        #expect(FuzzyPattern("' ^ !' !^").isEmpty)
        #expect(FuzzyPattern("   ").isEmpty)
    }

    /// The OR groups of fzf's `TestCacheKey`: a leading `|` is a term, and so is one after a `|`.
    @Test(arguments: [
        ("foo !bar   baz", [["fuzzy foo"], ["!exact bar"], ["fuzzy baz"]]),
        ("foo | bar baz", [["fuzzy foo", "fuzzy bar"], ["fuzzy baz"]]),
        ("foo | bar | baz", [["fuzzy foo", "fuzzy bar", "fuzzy baz"]]),
        ("| | foo", [["fuzzy |", "fuzzy foo"]]),
        ("| | | foo", [["fuzzy |", "fuzzy |"], ["fuzzy foo"]]),
        ("'rick'", [["exactBoundary rick"]]),
        ("^morty$", [["equal morty"]]),
    ])
    func orGroups(query: String, expected: [[String]]) {
        #expect(Self.terms(query) == expected)
    }

    /// `\ ` is a space inside a term; other spaces at the ends are dropped.
    @Test(arguments: [
        ("  rick\\ sanchez  ", [["fuzzy rick sanchez"]]),
        ("morty\\ ", [["fuzzy morty "]]),
        ("a\\  b", [["fuzzy a "], ["fuzzy b"]]),
    ])
    func escapedSpaces(query: String, expected: [[String]]) {
        #expect(Self.terms(query) == expected)
    }

    /// fzf's `TestCaseSensitivity`, term by term: smart case is case-sensitive only for a term
    /// with an upper-case letter; `+i` respects case, `-i` ignores it.
    @Test(arguments: [
        ("abc", FuzzyPattern.CaseMatching.smart, "abc", false), ("Abc", .smart, "Abc", true),
        ("abc", .ignore, "abc", false), ("Abc", .ignore, "abc", false),
        ("abc", .respect, "abc", true), ("Abc", .respect, "Abc", true),
    ])
    func caseSensitivity(query: String, caseMatching: FuzzyPattern.CaseMatching, text: String, caseSensitive: Bool) {
        let term = FuzzyPattern(query, caseMatching: caseMatching).termSets.first?.first
        #expect(term?.text == text)
        #expect(term?.caseSensitive == caseSensitive)
        #expect((FuzzyPattern(query, caseMatching: caseMatching).match("ABC") != nil) == !caseSensitive)
    }

    /// A term without accents matches accented letters; one with an accent asks for it.
    @Test func normalization() {
        let names = FuzzyCandidates(["Martínez", "Martinez"])
        #expect(FuzzyPattern("martinez").matches(in: names).map(\.index) == [0, 1])
        #expect(FuzzyPattern("martínez").matches(in: names).map(\.index) == [0])
        #expect(FuzzyPattern("martinez", normalize: false).matches(in: names).map(\.index) == [1])
        #expect(FuzzyPattern("martínez").termSets.first?.first?.normalizes == false)
    }

    /// fzf folds the fullwidth forms of ASCII, `！` (U+FF01) to `～` (U+FF5E), to ASCII.
    @Test func fullwidthForms() {
        let names = FuzzyCandidates(["ＲＩＣＫ！", "ｍｏｒｔｙ～", "Rick"])
        #expect(FuzzyPattern("rick!").matches(in: names).map(\.index) == [0])
        #expect(FuzzyPattern("morty~").matches(in: names).map(\.index) == [1])
        #expect(FuzzyPattern("rick", normalize: false).matches(in: names).map(\.index) == [2])
    }

    /// Each pairing of case and accents a term can ask for compares the name folded to match.
    @Test func everyFoldATermAsksFor() {
        // Case-sensitive, accents dropped.
        #expect(FuzzyPattern("Martinez").match("Martínez")?.positions == Array(0...7))
        #expect(FuzzyPattern("Martinez").match("martínez") == nil)
        // Case-insensitive, accents kept: non-ASCII capitals folded too.
        #expect(FuzzyPattern("élan").match("Rick ÉLAN")?.positions == [5, 6, 7, 8])
        #expect(FuzzyPattern("élan").match("ELAN") == nil)
        // Both kept.
        #expect(FuzzyPattern("ÉLAN").match("élan") == nil)
        #expect(FuzzyPattern("ÉLAN").match("ÉLAN")?.positions == [0, 1, 2, 3])
    }

    /// Curly apostrophes are straight in terms, though only the straight one is syntax.
    @Test func curlyApostrophes() {
        #expect(Self.terms("morty’s") == [["fuzzy morty's"]])
        #expect(Self.terms("’morty") == [["fuzzy 'morty"]])
        #expect(FuzzyPattern("'morty's").match("Morty’s Lawyer")?.positions == Array(0...6))
    }

    /// fzf's ranking: a higher score, then a shorter name, then earlier in the list.
    @Test func rankingIsScoreThenLengthThenIndex() {
        let names = FuzzyCandidates(["xabc", "abc", "abcd", "abc"])
        let matches = FuzzyPattern("abc").matches(in: names)
        #expect(matches.map(\.index) == [1, 3, 2, 0])
        #expect(matches.map(\.score) == [88, 88, 88, 56])
    }

    /// An empty pattern keeps every name in order; inverse terms alone keep the rest in order.
    @Test func unrankedPatterns() {
        let names = FuzzyCandidates(["Rick Sanchez", "Morty Smith", "Summer Smith", "Beth Smith", "Jerry"])
        #expect(FuzzyPattern("").matches(in: names).map(\.index) == [0, 1, 2, 3, 4])
        #expect(
            FuzzyPattern("!smith").matches(in: names) == [
                FuzzyMatch(index: 0, score: 0, positions: []), FuzzyMatch(index: 4, score: 0, positions: []),
            ])
    }

    /// Every group must match; the score is the sum of the terms that matched, the positions
    /// their union.
    @Test func termsAddUp() throws {
        let matcher = FuzzyMatcher()
        let rick = try #require(matcher.match(.fuzzy, "rick", in: "Rick Sanchez"))
        let sanchez = try #require(matcher.match(.fuzzy, "sanchez", in: "Rick Sanchez"))
        let both = try #require(FuzzyPattern("sanchez rick").match("Rick Sanchez"))
        #expect(both.score == rick.score + sanchez.score)
        #expect(both.positions == [0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11])
        #expect(FuzzyPattern("sanchez morty").match("Rick Sanchez") == nil)
        #expect(FuzzyPattern("morty | sanchez").match("Rick Sanchez")?.score == sanchez.score)
        #expect(FuzzyPattern("!morty sanchez").match("Rick Sanchez")?.score == sanchez.score)
    }

    /// Without positions, the same matches in the same order; a row's positions on demand.
    @Test func positionsOnDemand() throws {
        let names = FuzzyCandidates(TestData.fixturesDataset.characters.map(\.name))
        let pattern = FuzzyPattern("rck")
        let full = pattern.matches(in: names)
        let bare = pattern.matches(in: names, positions: false)
        #expect(bare.map(\.index) == full.map(\.index))
        #expect(bare.map(\.score) == full.map(\.score))
        #expect(bare.allSatisfy { $0.positions.isEmpty })
        let first = try #require(full.first)
        #expect(pattern.match(at: first.index, in: names) == first)
    }

    // MARK: - Rickdex's names

    static func realNames() throws -> [String] {
        try Dataset.load(from: try #require(TestData.realData)).characters.map(\.name)
    }

    /// `rck` finds Rick Sanchez where fzf ranks it: 41st of 122 on the real names (`fzf --filter
    /// rck`, fzf 0.38), below shorter names that score as high (Cop Rick, Rick K-22, …).
    @Test(.enabled(if: TestData.realData != nil, Comment(rawValue: TestData.realDataMissing)))
    func rckFindsRickSanchez() throws {
        let names = try Self.realNames()
        let matches = FuzzyPattern("rck").matches(in: FuzzyCandidates(names))
        #expect(matches.count == 122)
        #expect(matches.firstIndex { names[$0.index] == "Rick Sanchez" } == 40)
        #expect(matches.first.map { names[$0.index] } == "Rick K-22")
    }

    /// The fixtures' Rick Sanchez as well: 62nd for `rck` (fzf 0.38), first for `sanchez rick`.
    @Test func fixturesFindRickSanchez() throws {
        let names = TestData.fixturesDataset.characters.map(\.name)
        let candidates = FuzzyCandidates(names)
        #expect(FuzzyPattern("rck").matches(in: candidates).firstIndex { names[$0.index] == "Rick Sanchez" } == 61)
        #expect(FuzzyPattern("sanchez rick").matches(in: candidates).first.map { names[$0.index] } == "Rick Sanchez")
    }

    @Test(.enabled(if: TestData.realData != nil, Comment(rawValue: TestData.realDataMissing)))
    func sanchezRickFindsRickSanchez() throws {
        let names = try Self.realNames()
        let found = FuzzyPattern("sanchez rick").matches(in: FuzzyCandidates(names)).map { names[$0.index] }
        #expect(
            found == [
                "Rick Sanchez", "Rick Sanchez", "Rick Sanchez", "Rick Sanchez", "Rick D. Sanchez III",
                "Ricktiminus Sancheziminius",
            ])
    }

    /// `'morty !smith`: every name with "morty" in it but no "smith", and no other.
    @Test(.enabled(if: TestData.realData != nil, Comment(rawValue: TestData.realDataMissing)))
    func mortysWhoAreNotSmiths() throws {
        let names = try Self.realNames()
        let found = FuzzyPattern("'morty !smith").matches(in: FuzzyCandidates(names)).map(\.index)
        let expected = names.indices.filter {
            names[$0].lowercased().contains("morty") && !names[$0].lowercased().contains("smith")
        }
        #expect(found.count == 64)
        #expect(Set(found) == Set(expected))
    }

    @Test(.enabled(if: TestData.realData != nil, Comment(rawValue: TestData.realDataMissing)))
    func martinezFindsMartínez() throws {
        let names = try Self.realNames()
        let matches = FuzzyPattern("martinez").matches(in: FuzzyCandidates(names))
        #expect(matches.map { names[$0.index] } == ["Martínez"])
        #expect(matches.first?.positions == Array(0...7))
    }

    /// `morty's` finds the names spelled `Morty’s`, first.
    @Test(.enabled(if: TestData.realData != nil, Comment(rawValue: TestData.realDataMissing)))
    func mortysFindsCurlyApostrophes() throws {
        let names = try Self.realNames()
        let curly = names.filter { $0.hasPrefix("Morty’s") }
        let found = FuzzyPattern("morty's").matches(in: FuzzyCandidates(names)).map { names[$0.index] }
        #expect(curly.count == 5)
        #expect(Set(found.prefix(curly.count)) == Set(curly))
    }

    // MARK: - fzf itself

    static let fzf = ["/usr/bin/fzf", "/usr/local/bin/fzf"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Queries whose meaning fzf 0.38 (Debian's) shares with the fzf ported here: no apostrophes
    /// (folded here), no `'term'` (newer), no match on punctuation (bonuses changed since).
    static let sharedQueries = [
        "rck", "sanchez rick", "'morty !smith", "^mr", "smith$", "rick | morty", "!rick", "ri ck", "sum", "jry",
        "beth$ | ^jerry", "^morty smith$", "Rick", "mrt !^m", "ppybtthl", "s",
    ]

    /// The same names in the same order as `fzf --filter`, query by query, on the fixtures and
    /// the real names.
    @Test(.enabled(if: fzf != nil, "fzf is not installed (scripts/setup --for-tests installs it)"))
    func rankingIsFzfs() throws {
        var lists = [TestData.fixturesDataset.characters.map(\.name)]
        if TestData.realData != nil { lists.append(try Self.realNames()) }
        let folder = try TestData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for names in lists {
            let input = folder.appendingPathComponent("names.txt")
            try Data(names.map { $0 + "\n" }.joined().utf8).write(to: input)
            let candidates = FuzzyCandidates(names)
            for query in Self.sharedQueries {
                let ours = FuzzyPattern(query).matches(in: candidates, positions: false).map { names[$0.index] }
                let theirs = try Self.fzfFilter(query, input: input)
                #expect(ours == theirs, "\(query)")
            }
        }
    }

    static func fzfFilter(_ query: String, input: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(fzf))
        process.arguments = ["--filter", query]
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = Pipe()
        try process.run()
        let output = String(decoding: try process.finishBlocking("fzf --filter").stdout, as: UTF8.self)
        return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map(String.init)
    }
}

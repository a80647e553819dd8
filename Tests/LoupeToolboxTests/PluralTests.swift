import Testing

@testable import LoupeToolbox

/// Counted nouns, built in one place: what `-v`, `warm`, `export` and `cache` print.
@Suite struct PluralTests {
    @Test(arguments: [
        (1, "entry", "1 entry"), (2, "entry", "2 entries"), (0, "miss", "0 misses"), (1, "miss", "1 miss"),
        (3, "avatar", "3 avatars"), (2, "listing page", "2 listing pages"), (5, "key", "5 keys"), (2, "box", "2 boxes"),
        (2, "id", "2 ids"), (0, "image download", "0 image downloads"),
    ])
    func aCountAndItsNoun(number: Int, noun: String, said: String) {
        #expect(Plural.count(number, noun) == said)
    }
}

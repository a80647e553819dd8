import Testing

@testable import LoupePipeline

@Suite struct CacheKeyTests {
    @Test func partsNeverRunTogether() {
        #expect(CacheKey(["a", "bc"]) != CacheKey(["ab", "c"]))
        #expect(CacheKey(["a", "bc"]).description != CacheKey(["ab", "c"]).description)
        #expect(CacheKey(["a", "bc"]).fileName != CacheKey(["ab", "c"]).fileName)
        // A part holding what looks like another part's framing still cannot collide.
        #expect(CacheKey(["1:a", "1:b"]).fileName != CacheKey(["1:a1:b"]).fileName)
        #expect(CacheKey(["", "x"]).fileName != CacheKey(["x", ""]).fileName)
    }

    @Test func fileNamesAreSHA256OfTheJoinedKey() {
        // FIPS 180-4 test vectors.
        #expect(ContentDigest.sha256("abc".utf8) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ContentDigest.sha256("".utf8) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            ContentDigest.sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(CacheKey(["abc"]).fileName == ContentDigest.sha256("3:abc".utf8))
    }
}

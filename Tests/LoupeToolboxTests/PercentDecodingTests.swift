import Testing
import LoupeToolbox

/// Percent-decoding two ways: leniently for a person reading a URL in a message, strictly as
/// JavaScript's `decodeURIComponent` (the API's path and query parameters in `serve`).
@Suite struct PercentDecodingTests {
    @Test(arguments: [
        ("%5B1,2%5D", "[1,2]", "[1,2]"),
        ("caf%C3%A9", "café", "café"),
        ("plain", "plain", "plain"),
        ("100%", "100%", nil),
        ("%zz%41", "%zzA", nil),
        ("%FF", "%FF", nil),
    ] as [(String, String, String?)])
    func decodes(text: String, lenient: String, strict: String?) {
        #expect(text.percentDecoded == lenient)
        #expect(text.percentDecodedStrictly == strict)
    }
}

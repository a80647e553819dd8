import HTTPTypes
import RickAndMortyAPI
import Testing

@testable import APIServer

/// The root a served answer's URLs are written under, behind proxies and against hostile headers.
@Suite struct PublicRootTests {
    static let bound = "http://127.0.0.1:8917/api"

    func root(_ fields: [(String, String)], host: String? = nil, fixed: String? = nil) -> String {
        var headers = HTTPFields()
        for (name, value) in fields {
            if let name = HTTPField.Name(name) { headers.append(HTTPField(name: name, value: value)) }
        }
        // As the router decides: `--public-url`, else the request's, else the bound address.
        return (fixed.flatMap(APIRoot.init) ?? PublicRoot.root(for: headers, authority: host))?.description ?? Self.bound
    }

    @Test func followsTheProxysHeadersThenHostThenItsOwnAddress() {
        #expect(root([]) == Self.bound)
        #expect(root([], host: "api.test:9000") == "http://api.test:9000/api")
        #expect(
            root([("X-Forwarded-Host", "team.test"), ("X-Forwarded-Proto", "https")], host: "up:1") == "https://team.test/api")
        #expect(root([("X-Forwarded-Host", "a.test, b.test")]) == "http://a.test/api")
        #expect(
            root([("Forwarded", "for=10.0.0.1;host=\"team.test:8443\";proto=https, host=inner")]) == "https://team.test:8443/api")
        #expect(root([("Forwarded", "for=10.0.0.1;host=[::1]:8080")]) == "http://[::1]:8080/api")
        #expect(root([("Forwarded", "host=team.test")], fixed: "https://fixed.test/api") == "https://fixed.test/api")
    }

    @Test(arguments: [
        "evil.test/\"><script>", "evil test", "evil.test:99999", "evil.test:", "[not:v6", ":8080", "evil\u{7F}.test",
        String(repeating: "a", count: 300), "évil.test",
    ])
    func aHostileHostIsIgnored(value: String) {
        #expect(root([("Forwarded", "host=\"\(value)\"")]) == Self.bound)
        #expect(root([("X-Forwarded-Host", value)]) == Self.bound)
        #expect(root([], host: value) == Self.bound)
        #expect(root([("X-Forwarded-Host", "team.test"), ("X-Forwarded-Proto", "javascript")]) == "http://team.test/api")
    }

    @Test func headerInjectionNeverPasses() {
        for value in ["evil\r\n", "evil\r\nSet-Cookie: x=1", "a.test\u{0}", "a.test\tb"] {
            #expect(PublicRoot.validHost(value) == nil)
            #expect(
                PublicRoot.firstForwardedElement("host=" + value + ";proto=https")["host"].flatMap(PublicRoot.validHost) == nil)
        }
        #expect(PublicRoot.firstForwardedElement("host=" + String(repeating: "a", count: 10_000)).isEmpty)
    }
}

import Foundation
import HTTPTypes
import Testing

@testable import LoupeHTTP

/// RFC 9111 as a private cache reads it, header by header.
@Suite struct CacheDirectivesTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// The directives of these header lines, as a server wrote them (names in any case).
    func directives(_ headers: [(String, String)]) -> CacheDirectives {
        CacheDirectives(
            headers: HTTPFields(headers.map { HTTPField(name: HTTPField.Name($0.0)!, value: $0.1) }), now: Self.now)
    }

    @Test(
        arguments: [
            // (headers, may store, lifetime in seconds or nil for "server said nothing", must revalidate)
            ([], true, nil, false),
            ([("Cache-Control", "public, max-age=3600")], true, 3600, false),
            ([("cache-control", "MAX-AGE=60"), ("Age", "15")], true, 45, false),
            ([("Cache-Control", "max-age=10"), ("Age", "99")], true, 0, false),
            ([("Cache-Control", "s-maxage=600, max-age=5")], true, 5, false),
            ([("Cache-Control", "s-maxage=600")], true, nil, false),
            ([("Cache-Control", "no-store")], false, nil, false),
            ([("Cache-Control", "no-cache")], true, 0, true),
            ([("Cache-Control", "max-age=60, must-revalidate")], true, 60, true),
            ([("Cache-Control", "max-age=99999999999")], true, 2_147_483_648, false),
            ([("Cache-Control", "max-age=" + String(repeating: "9", count: 400))], true, 2_147_483_648, false),
            ([("Cache-Control", "max-age=ten")], true, 0, false),
            ([("Cache-Control", "max-age=-5")], true, 0, false),
            ([("Cache-Control", "max-age=60, max-age=70")], true, 0, false),
            ([("Cache-Control", "max-age=\"120\"")], true, 120, false),
            ([("Cache-Control", ",,=, ;max-age")], true, nil, false),
            ([("Cache-Control", "max-age")], true, 0, false),
            ([("Expires", "Fri, 15 Jan 2027 08:00:00 GMT"), ("Date", "Fri, 15 Jan 2027 07:00:00 GMT")], true, 3600, false),
            ([("Expires", "0")], true, 0, false),
            ([("Cache-Control", "max-age=30"), ("Expires", "Fri, 15 Jan 2027 08:00:00 GMT")], true, 30, false),
            ([("Vary", "Accept-Encoding"), ("Cache-Control", "max-age=5")], true, 5, false),
            ([("Vary", "Accept-Encoding, Cookie")], false, nil, false),
            ([("Vary", "*")], false, nil, false),
        ] as [([(String, String)], Bool, Int64?, Bool)])
    func headersGiveTheDirectives(headers: [(String, String)], mayStore: Bool, lifetime: Int64?, mustRevalidate: Bool) {
        let parsed = directives(headers)
        #expect(parsed.mayStore == mayStore)
        #expect(parsed.lifetime == lifetime.map { .seconds($0) })
        #expect(parsed.mustRevalidate == mustRevalidate)
    }

    @Test func withoutALifetimeALastModifiedGivesATenthOfItsAgeAtMostAWeek() {
        let served = "Wed, 25 Nov 2026 00:00:00 GMT"
        // Changed 10 days before it was served: fresh for one day.
        let recent = directives([("Date", served), ("Last-Modified", "Sun, 15 Nov 2026 00:00:00 GMT")])
        #expect(recent.lifetime == .seconds(24 * 3600))
        // Unchanged for years: a week, not months.
        let old = directives([("Date", served), ("Last-Modified", "Sat, 04 Nov 2017 18:50:30 GMT")])
        #expect(old.lifetime == .seconds(7 * 24 * 3600))
        // The server's own word comes first.
        let told = directives([("Cache-Control", "max-age=60"), ("Last-Modified", "Sat, 04 Nov 2017 18:50:30 GMT")])
        #expect(told.lifetime == .seconds(60))
    }

    @Test func anExpiresWithoutADateCountsFromNow() {
        let inAnHour = HTTPDate.format(Self.now.addingTimeInterval(3600))
        #expect(directives([("Expires", inAnHour)]).lifetime == .seconds(3600))
        let past = HTTPDate.format(Self.now.addingTimeInterval(-60))
        #expect(directives([("Expires", past)]).lifetime == .zero)
    }
}

import FoundationEssentials
import HTTPTypes

/// What a response's headers say about caching it, as a private cache reads them (RFC 9111):
/// `Cache-Control` (`s-maxage` and `private` are for shared caches and ignored), `Expires` with
/// `Date`, `Age`, and `Vary`. An invalid `max-age` makes the response stale at once (§4.2.1), and
/// a huge one is clamped to 2^31 seconds (§1.2.2).
public struct CacheDirectives: Sendable, Hashable {
    /// Whether the response may be kept at all: not with `no-store`, and not when it varies on
    /// a request header other than `Accept-Encoding` (the cache keys by URL alone).
    public var mayStore: Bool
    /// How long the response stays fresh from now; `nil` for the cache's default.
    public var lifetime: Duration?
    /// `must-revalidate` (or `no-cache`): once stale, not used without the server's confirmation.
    public var mustRevalidate: Bool

    /// The greatest lifetime honored, in seconds (RFC 9111's limit on delta-seconds).
    public static let maximumSeconds: Int64 = 1 << 31

    /// Storable, with no lifetime from the server: what a response without caching headers gets.
    public static let unspecified = CacheDirectives(mayStore: true, lifetime: nil, mustRevalidate: false)

    public init(mayStore: Bool, lifetime: Duration?, mustRevalidate: Bool) {
        self.mayStore = mayStore
        self.lifetime = lifetime
        self.mustRevalidate = mustRevalidate
    }

    /// The directives of a response with these headers, received at `now`.
    public init(headers: HTTPFields, now: Date = Date()) {
        func values(_ name: HTTPField.Name) -> [String] { headers[values: name] }
        var directives: [String: String?] = [:]
        for field in values(.cacheControl) {
            for part in field.split(separator: ",") {
                let pieces = part.split(separator: "=", maxSplits: 1)
                guard let name = pieces.first?.trimmingHeaderSpace().lowercased(), !name.isEmpty else { continue }
                let value = pieces.count > 1 ? pieces[1].trimmingHeaderSpace() : nil
                // A repeated directive is invalid; RFC 9111 treats the response as stale.
                directives[name] = directives[name] == nil ? value : .some("invalid")
            }
        }
        let varies = values(.vary).flatMap { $0.split(separator: ",") }.map { $0.trimmingHeaderSpace().lowercased() }
        mayStore = directives["no-store"] == nil && varies.allSatisfy { $0 == "accept-encoding" || $0.isEmpty }
        mustRevalidate = directives["must-revalidate"] != nil || directives["no-cache"] != nil
        let age = values(.age).first.flatMap { Self.seconds($0) } ?? 0
        if directives["no-cache"] != nil {
            lifetime = .zero
        } else if let maxAge = directives["max-age"] {
            lifetime = .seconds(max(0, (maxAge.flatMap { Self.seconds($0) } ?? 0) - age))
        } else if let expires = values(.expires).first {
            // An invalid date (often "0") means already expired.
            guard let expiry = HTTPDate.parse(expires) else {
                lifetime = .zero
                return
            }
            let served = values(.date).first.flatMap(HTTPDate.parse) ?? now
            let seconds = Int64(clamping: Int(max(0, min(Double(Self.maximumSeconds), expiry.timeIntervalSince(served)))))
            lifetime = .seconds(max(0, seconds - age))
        } else if let modified = values(.lastModified).first.flatMap(HTTPDate.parse) {
            // RFC 9111 §4.2.2's heuristic: a tenth of the time since the last change, here at
            // most a week (a file unchanged for years is not fresh for months).
            let served = values(.date).first.flatMap(HTTPDate.parse) ?? now
            let tenth = max(0, served.timeIntervalSince(modified)) / 10
            lifetime = .seconds(max(0, min(Int64(tenth), Self.longestHeuristic) - age))
        } else {
            lifetime = nil
        }
    }

    /// The longest heuristic lifetime, in seconds: a week.
    public static let longestHeuristic: Int64 = 7 * 24 * 3600

    /// These directives, accepting the copy for at least `minimum` (a client's `max-stale`, RFC
    /// 9111 §5.2.1.2), as an image cache does; not when it must be revalidated or not stored.
    public func acceptingStale(for minimum: Duration) -> CacheDirectives {
        guard mayStore, !mustRevalidate, (lifetime ?? .zero) < minimum else { return self }
        return CacheDirectives(mayStore: mayStore, lifetime: minimum, mustRevalidate: false)
    }

    /// A delta-seconds value: digits only, clamped to `maximumSeconds`; `nil` when malformed.
    static func seconds(_ text: String) -> Int64? {
        let digits = text.trimmingHeaderSpace(also: [0x22])
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        guard digits.count <= 12, let value = Int64(digits) else { return maximumSeconds }
        return min(value, maximumSeconds)
    }
}

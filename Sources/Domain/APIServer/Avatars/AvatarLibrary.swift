import FoundationEssentials
import LoupeHTTP
import LoupeToolbox
import RickAndMortyAPI

/// The avatar files of a dataset, read on first request and kept in memory.
final class AvatarLibrary: Sendable {
    private let directory: URL
    private let loaded = Locked<[Int: AvatarFile]>([:])

    init(directory: URL) {
        self.directory = directory
    }

    /// The avatar of character `id`, or `nil` when the dataset has none.
    func avatar(id: Int) -> AvatarFile? {
        if let cached = loaded.withLock({ $0[id] }) { return cached }
        let file = directory.appendingPathComponent("\(id).jpeg")
        guard let data = FileSystem.read(file.path) else { return nil }
        let modified = FileSystem.info(file.path).map { Date(timeIntervalSince1970: $0.modified) } ?? Date()
        let avatar = AvatarFile(bytes: data, lastModified: modified)
        loaded.withLock { $0[id] = avatar }
        return avatar
    }
}

/// One avatar's bytes with the validators a conditional GET compares against.
struct AvatarFile: Sendable {
    let bytes: [UInt8]
    /// A strong validator: a hash of the bytes, quoted.
    let etag: String
    let lastModified: Date

    init(bytes: [UInt8], lastModified: Date) {
        self.bytes = bytes
        self.lastModified = lastModified
        self.etag = "\"" + String(Payload.fnv1a(bytes), radix: 16) + "-" + String(bytes.count, radix: 16) + "\""
    }

    /// Express's static ETag, `W/"<size in hex>-<mtime in ms, hex>"`: the origin's validator.
    var weakTag: String {
        let milliseconds = Int64(lastModified.timeIntervalSince1970 * 1000)
        return "W/\"\(String(bytes.count, radix: 16))-\(String(milliseconds, radix: 16))\""
    }

    /// Whether a request's validators say the client's copy is current (answer 304).
    func isCurrent(ifNoneMatch: String?, ifModifiedSince: String?) -> Bool {
        if let ifNoneMatch {
            let tags = ifNoneMatch.split(separator: ",").map { $0.trimmingHeaderSpace() }
            // Weak comparison (RFC 9110 §8.8.3.2), as If-None-Match asks.
            return tags.contains("*") || tags.contains(etag) || tags.contains("W/" + etag) || tags.contains(weakTag)
        }
        if let ifModifiedSince, let since = HTTPDate.parse(ifModifiedSince) {
            return lastModified.timeIntervalSince1970.rounded(.down) <= since.timeIntervalSince1970
        }
        return false
    }
}

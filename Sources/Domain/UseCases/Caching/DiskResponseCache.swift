import FoundationEssentials
import LoupeHTTP
import LoupePipeline
import LoupeToolbox

extension EntryKind {
    /// An API answer (JSON), fresh for `DiskCacheConfiguration.lifetimes[.response]`.
    package static let response = EntryKind(rawValue: "response")
}

/// The `ResponseCache` on the disk tier: answers keyed by path under the API's identity, fresh as
/// the server's headers say (else `.response` entries' lifetime), stored as received and read
/// under the API's root when decoded. Safe across processes: each entry is written atomically.
package final class DiskResponseCache: ResponseCache {
    /// What went through this cache in this process.
    package struct Statistics: Sendable, Hashable {
        /// Answers read from the disk (fresh or not).
        package var read = 0
        /// Answers downloaded and stored.
        package var stored = 0
        /// Stale answers the server confirmed (304) and renewed.
        package var renewed = 0
        /// Answers downloaded that could not be written (a full or read-only disk).
        package var unstored = 0
        /// The last write the disk refused, to report once.
        package var storeFailure: DiskCacheError?

        mutating func failed(_ failure: DiskCacheError) {
            unstored += 1
            storeFailure = failure
        }
    }

    /// How long an answer is fresh when the server says nothing: a day.
    package static let defaultLifetime = Duration.seconds(24 * 3600)

    package let disk: DiskCache
    package let identity: APIIdentity
    private let counters = Locked(Statistics())

    package init(disk: DiskCache, identity: APIIdentity) {
        self.disk = disk
        self.identity = identity
    }

    package var statistics: Statistics { counters.withLock { $0 } }

    /// Marks the answer for `path` as just used, so trims take images first; whether it is cached.
    package func markUsed(_ path: String) -> Bool {
        disk.markUsed(identity.key(forPath: path))
    }

    package func response(for path: String) -> CachedResponse? {
        let entry = disk.entry(for: identity.key(forPath: path))
        if entry != nil { counters.withLock { $0.read += 1 } }
        return entry.map { entry in
            CachedResponse(
                body: entry.body,
                etag: entry.metadata.etag, lastModified: entry.metadata.lastModified,
                expiresAt: entry.metadata.expiresAt, mustRevalidate: entry.metadata.mustRevalidate,
                serverLifetime: entry.metadata.lifetimeFromServer
                    ? .seconds(max(0, entry.metadata.expiresAt.timeIntervalSince(entry.metadata.storedAt))) : nil)
        }
    }

    package func store(
        body: [UInt8], etag: String?, lastModified: String?, directives: CacheDirectives, for path: String
    ) {
        let failure = write(body: body, etag: etag, lastModified: lastModified, directives: directives, for: path)
        counters.withLock { counters in
            if let failure { counters.failed(failure) } else { counters.stored += 1 }
        }
        // The names index is rebuilt from the listings it came from when one of their pages changes.
        if NameIndex.isBuilt(from: path) { disk.remove(NameIndex.key(identity)) }
    }

    package func renew(_ response: CachedResponse, directives: CacheDirectives, for path: String) {
        // A 304 that gives no lifetime keeps the one the server gave before.
        let renewed = CacheDirectives(
            mayStore: true, lifetime: directives.lifetime ?? response.serverLifetime,
            mustRevalidate: directives.mustRevalidate || response.mustRevalidate)
        let failure = write(
            body: response.body, etag: response.etag, lastModified: response.lastModified, directives: renewed, for: path)
        counters.withLock { counters in
            if let failure { counters.failed(failure) } else { counters.renewed += 1 }
        }
    }

    /// A failed write is counted, and the last kept, in `statistics`.
    private func write(
        body: [UInt8], etag: String?, lastModified: String?, directives: CacheDirectives, for path: String
    ) -> DiskCacheError? {
        let key = identity.key(forPath: path)
        let metadata = disk.metadata(
            .response, key: key, url: path, contentType: "application/json", etag: etag, lastModified: lastModified,
            directives: directives)
        do {
            try disk.store(body, metadata: metadata, for: key)
            return nil
        } catch {
            return error
        }
    }
}

import FoundationEssentials
import LoupeHTTP
import LoupeImaging
import LoupePipeline
import RickAndMortyAPI

/// Which API a cache entry belongs to, whatever address it was reached at: entries are keyed by
/// name and path below the root, so a server on a new port each run finds what it cached.
package struct APIIdentity: Sendable, Hashable {
    /// The caller's name for the API: a short name for a local server, or its root as written.
    package let name: String
    /// Where the API is reached now: requests are made under it.
    package let root: APIRoot

    package init(name: String, root: APIRoot) {
        self.name = name
        self.root = root
    }

    /// The key of an API answer, by its path under the root (`character?page=2`).
    package func key(forPath path: String) -> CacheKey {
        CacheKey(["api", name, path])
    }

    /// The name of the API an answer's key belongs to (`["api", name, path]`), for
    /// `DiskCache.usage(group:)`; `nil` for an image (keyed under the API too) or any other entry.
    package static func apiName(ofAnswer parts: [String], kind: EntryKind) -> String? {
        kind == .response && parts.count > 2 && parts[0] == "api" ? parts[1] : nil
    }
}

/// The command's data cache: the disk tier, each image an answer names keyed as the answers are,
/// by its path under the API's root, so a new port or a proxy finds what an old one stored. The
/// pipeline keys a request by its URL (`["url", URL, processors…]`), which for such an image is
/// that path (`ImageRequest(_:processors:options:)`); this puts the API's name before it.
package struct APIRootedCache: DataCaching {
    package let disk: DiskCache
    package let identity: APIIdentity

    package init(disk: DiskCache, identity: APIIdentity) {
        self.disk = disk
        self.identity = identity
    }

    /// `key` under the API's name when it is a path's key (a URL with no scheme); any other as it is.
    package func rooted(_ key: CacheKey) -> CacheKey {
        guard key.parts.count >= 2, key.parts[0] == "url", URL(string: key.parts[1])?.scheme == nil else { return key }
        return CacheKey(identity.key(forPath: key.parts[1]).parts + key.parts.dropFirst(2))
    }

    package func entry(for key: CacheKey) -> CacheEntry? { disk.entry(for: rooted(key)) }

    package func store(_ body: [UInt8], metadata: EntryMetadata, for key: CacheKey) throws {
        try disk.store(body, metadata: metadata, for: rooted(key))
    }

    package func remove(_ key: CacheKey) { disk.remove(rooted(key)) }
    package func removeAll() { disk.removeAll() }
    package func defaultLifetime(of kind: EntryKind) -> Duration { disk.defaultLifetime(of: kind) }
}

extension ImagePipeline {
    /// The command's pipeline: images on `dataCache` under `identity`, originals and thumbnails up
    /// to 128 px kept, a cached image used for `acceptsStale` whatever the origin says (images at a
    /// URL rarely change; a week, as Kingfisher's), loading only from the API's host and
    /// `imageHosts`. `dataLoader` `nil`: offline.
    package static func keyed(
        by identity: APIIdentity, dataLoader: (any DataLoading)?, dataCache: DiskCache?,
        imageCache: (any ImageCaching)? = MemoryCache<ImageCacheKey, Bitmap>(limits: .thumbnails),
        acceptsStale: Duration = .seconds(7 * 24 * 3600), dataLoadingLimit: Int = Configuration.defaultDataLoadingLimit,
        imageHosts: [String] = []
    ) -> ImagePipeline {
        ImagePipeline(
            configuration: .init(
                dataLoader: dataLoader, dataCache: dataCache.map { APIRootedCache(disk: $0, identity: identity) },
                imageCache: imageCache,
                dataCachePolicy: .storeOriginalDataAndThumbnails, acceptsStale: acceptsStale,
                dataLoadingLimit: dataLoadingLimit, readsFileURLs: false),
            delegate: ImageHosts(api: identity.root, also: imageHosts))
    }
}

/// Where the command's pipeline loads images from: a path under the API's root, else only the
/// API's host and `--image-host`s (`name` or `name:port`), so a hostile answer cannot aim requests
/// at the user's network.
package struct ImageHosts: ImagePipeline.Delegate {
    package let root: APIRoot
    /// The API's `host:port`.
    package let api: String
    /// The API's host and those allowed besides.
    package let hosts: HostList

    package init(api root: APIRoot, also: [String]) {
        self.root = root
        self.api = HTTPTransport.hostName(root.url).lowercased()
        self.hosts = HostList([api] + also)
    }

    package func willLoadData(for request: ImageRequest, dataRequest: DataRequest, pipeline: ImagePipeline) async throws
        -> DataRequest
    {
        var dataRequest = dataRequest
        if dataRequest.url.scheme == nil, let url = root.url(for: APIPath(dataRequest.url.relativeString)) {
            dataRequest.url = url
        }
        let url = dataRequest.url
        guard ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            throw ImagePipeline.Error.urlRefused(url: url.absoluteString)
        }
        guard hosts.contains(url) else { throw ImageHostRefused(url: url.absoluteString, api: api) }
        return dataRequest
    }
}

extension ImageRequest {
    /// The request for an image an answer names: its URL the path, keyed under the API's name
    /// (`APIRootedCache`) and loaded under its root (`ImageHosts`).
    package init(_ image: APIPath, processors: [any ImageProcessing] = [], options: Options = []) {
        // swift-format-ignore: NeverForceUnwrap
        self.init(url: URL(string: image.description) ?? URL(string: "invalid:")!, processors: processors, options: options)
    }
}

/// An image URL on a host the command does not load from (`ImageHosts`).
package struct ImageHostRefused: Error, Sendable, Hashable, CustomStringConvertible {
    package let url: String
    /// The API's `host:port`.
    package let api: String

    package var description: String {
        "\(url) is not on the API's host (\(api)): refused, nothing was sent"
    }
}

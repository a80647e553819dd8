import LoupeImaging

extension ImagePipeline {
    /// Why an image could not be had, as Nuke's `ImagePipeline.Error`: each case names the image
    /// and keeps what caused it.
    public enum Error: Swift.Error, Sendable, CustomStringConvertible {
        /// The caches were to be used alone (offline, or `returnCacheDataDontLoad`), and they
        /// hold no copy.
        case dataMissingInCache(url: String)
        /// The data loader failed: `underlying` is its error (an `HTTPError` from the default
        /// loader: unreachable, timed out, dropped, a certificate that does not verify).
        case dataLoadingFailed(url: String, underlying: any Swift.Error)
        /// The origin answered with a status other than 200 (or 304 to a conditional request).
        case statusCodeUnacceptable(Int, url: String)
        /// The bytes do not sniff as JPEG or PNG (an error page with a 200, a lying content
        /// type); nothing was cached.
        case notAnImage(url: String, firstBytes: String)
        /// A JPEG or PNG that does not decode (damaged bytes, a header over the limits); nothing
        /// was kept.
        case decodingFailed(url: String, underlying: ImagingError)
        /// The processor named `processor` (its identifier) threw `underlying`.
        case processingFailed(url: String, processor: String, underlying: any Swift.Error)

        /// The image the failure is about.
        public var url: String {
            switch self {
            case .dataMissingInCache(let url), .dataLoadingFailed(let url, _), .statusCodeUnacceptable(_, let url),
                .notAnImage(let url, _), .decodingFailed(let url, _), .processingFailed(let url, _, _):
                url
            }
        }

        public var description: String {
            switch self {
            case .dataMissingInCache(let url):
                "offline, and \(url) is not in the cache"
            case .dataLoadingFailed(let url, let underlying):
                // The default loader's messages name the URL already.
                "\(underlying)".contains(url) ? "\(underlying)" : "\(url) could not be loaded: \(underlying)"
            case .statusCodeUnacceptable(let status, let url):
                "the server answered \(status) for \(url)"
            case .notAnImage(let url, let firstBytes):
                "\(url) is not a JPEG or PNG image (it starts with \(firstBytes)); nothing was cached"
            case .decodingFailed(let url, let underlying):
                "\(url) is a damaged image (\(underlying)); nothing was cached"
            case .processingFailed(let url, let processor, let underlying):
                "\(url) could not be made as \(processor): \(underlying)"
            }
        }
    }
}

import LoupeImaging

extension ImagePipeline {
    /// Why an image could not be had, as Nuke's `ImagePipeline.Error`: each case names the image
    /// and keeps what caused it. Errors are equal when their cases, images and causes (by type
    /// and description) are.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The caches were to be used alone (offline, or `returnCacheDataDontLoad`), and they
        /// hold no copy.
        case dataMissingInCache(url: String)
        /// The data loader (or the delegate's `willLoadData`) failed: `underlying` is its error
        /// (an `HTTPError` from the default loader: unreachable, timed out, dropped, a certificate
        /// that does not verify).
        case dataLoadingFailed(url: String, underlying: any Swift.Error)
        /// The origin answered with a status other than 200 (or 304 to a conditional request).
        case statusCodeUnacceptable(Int, url: String)
        /// The origin answered 200 with no body.
        case dataIsEmpty(url: String)
        /// The body was larger than `Configuration.maximumResponseDataSize`.
        case dataDownloadExceededMaximumSize(url: String)
        /// The bytes do not sniff as JPEG or PNG (an error page with a 200, a lying content
        /// type); nothing was cached. `firstBytes` is empty for a local file, whose bytes are
        /// never quoted.
        case notAnImage(url: String, firstBytes: String)
        /// A JPEG or PNG that does not decode (damaged bytes, a header over the limits); nothing
        /// was kept.
        case decodingFailed(url: String, underlying: ImagingError)
        /// The processor named `processor` (its identifier) threw `underlying`.
        case processingFailed(url: String, processor: String, underlying: any Swift.Error)
        /// The URL is not one the pipeline loads: `file` where `Configuration.readsFileURLs` is
        /// off, or a scheme the data loader does not load (the default `ImageFetcher` loads
        /// `http` and `https` alone). Nothing was read or sent.
        case urlRefused(url: String)
        /// The task, or the caller waiting for it, was cancelled.
        case cancelled

        /// `error` as the pipeline reports it: its own errors as they are, a cancellation as
        /// `.cancelled`, anything else as a data loading failure of `url`.
        init(_ error: any Swift.Error, url: String) {
            switch error {
            case let error as Error: self = error
            case is CancellationError: self = .cancelled
            default: self = .dataLoadingFailed(url: url, underlying: error)
            }
        }

        /// The image the failure is about; `nil` for `.cancelled`.
        public var url: String? {
            switch self {
            case .dataMissingInCache(let url), .dataLoadingFailed(let url, _), .statusCodeUnacceptable(_, let url),
                .dataIsEmpty(let url), .dataDownloadExceededMaximumSize(let url), .notAnImage(let url, _),
                .decodingFailed(let url, _), .processingFailed(let url, _, _), .urlRefused(let url):
                url
            case .cancelled: nil
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
            case .dataIsEmpty(let url):
                "the server answered \(url) with no data; nothing was cached"
            case .dataDownloadExceededMaximumSize(let url):
                "\(url) is larger than the pipeline's maximumResponseDataSize; nothing was cached"
            case .notAnImage(let url, let firstBytes):
                "\(url) is not a JPEG or PNG image\(firstBytes.isEmpty ? "" : " (it starts with \(firstBytes))"); nothing was cached"
            case .urlRefused(let url):
                "\(url) is not an http or https URL: refused, nothing was read"
            case .decodingFailed(let url, let underlying):
                "\(url) is a damaged image (\(underlying)); nothing was cached"
            case .processingFailed(let url, let processor, let underlying):
                "\(url) could not be made as \(processor): \(underlying)"
            case .cancelled:
                "the image task was cancelled"
            }
        }

        public static func == (lhs: Error, rhs: Error) -> Bool {
            switch (lhs, rhs) {
            case (.dataLoadingFailed(let a, let x), .dataLoadingFailed(let b, let y)): a == b && same(x, y)
            case (.processingFailed(let a, let p, let x), .processingFailed(let b, let q, let y)): a == b && p == q && same(x, y)
            case (.decodingFailed(let a, let x), .decodingFailed(let b, let y)): a == b && "\(x)" == "\(y)"
            case (.dataMissingInCache(let a), .dataMissingInCache(let b)), (.dataIsEmpty(let a), .dataIsEmpty(let b)),
                (.urlRefused(let a), .urlRefused(let b)),
                (.dataDownloadExceededMaximumSize(let a), .dataDownloadExceededMaximumSize(let b)):
                a == b
            case (.statusCodeUnacceptable(let s, let a), .statusCodeUnacceptable(let t, let b)): s == t && a == b
            case (.notAnImage(let a, let x), .notAnImage(let b, let y)): a == b && x == y
            case (.cancelled, .cancelled): true
            default: false
            }
        }

        /// Two causes are the same when they are of one type and say the same.
        private static func same(_ a: any Swift.Error, _ b: any Swift.Error) -> Bool {
            type(of: a) == type(of: b) && "\(a)" == "\(b)"
        }
    }
}

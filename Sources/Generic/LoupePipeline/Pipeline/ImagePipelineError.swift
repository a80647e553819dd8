import LoupeImaging

extension ImagePipeline {
    /// Why an image could not be had, as Nuke's `ImagePipeline.Error`: each case names the image
    /// and keeps its cause (equal by type and description).
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The caches were to be used alone (offline), and they hold no copy.
        case dataMissingInCache(url: String)
        /// The data loader (or the delegate's `willLoadData`) threw `underlying`.
        case dataLoadingFailed(url: String, underlying: any Swift.Error)
        case statusCodeUnacceptable(Int, url: String)
        case dataIsEmpty(url: String)
        case dataDownloadExceededMaximumSize(url: String)
        /// Not JPEG or PNG by its bytes; `firstBytes` is empty for a local file, never quoted.
        case notAnImage(url: String, firstBytes: String)
        /// Damaged bytes, or a header over the limits.
        case decodingFailed(url: String, underlying: ImagingError)
        case processingFailed(url: String, processor: String, underlying: any Swift.Error)
        /// `file` with `readsFileURLs` off, or a scheme the loader refuses. Nothing was read or sent.
        case urlRefused(url: String)
        case cancelled

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

        private static func same(_ a: any Swift.Error, _ b: any Swift.Error) -> Bool {
            type(of: a) == type(of: b) && "\(a)" == "\(b)"
        }
    }
}

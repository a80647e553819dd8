import Imaging

/// Why an image could not be had, each case naming what failed.
public enum ImageCacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Offline, and the image is not in the cache.
    case notCached(url: String)
    /// The server answered with a status other than 200 (or 304 to a conditional request).
    case httpStatus(Int, url: String)
    /// The body does not sniff as JPEG or PNG (an error page with a 200, a lying content type).
    case notAnImage(url: String, firstBytes: String)
    /// The body is a JPEG or PNG that does not decode (damaged bytes, a header over the limits);
    /// it was not kept. `cause` is the decoder's error.
    case undecodable(url: String, cause: ImagingError)

    public var description: String {
        switch self {
        case .notCached(let url):
            "offline, and \(url) is not in the cache"
        case .httpStatus(let status, let url):
            "the server answered \(status) for \(url)"
        case .notAnImage(let url, let firstBytes):
            "\(url) is not a JPEG or PNG image (it starts with \(firstBytes)); nothing was cached"
        case .undecodable(let url, let cause):
            "\(url) is a damaged image (\(cause)); nothing was cached"
        }
    }
}

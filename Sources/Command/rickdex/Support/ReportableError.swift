import FoundationEssentials
import LoupeHTTP
import LoupePipeline
import LoupeImaging
import RickAndMortyAPI
import UseCases

/// An error the command line knows how to tell: its message is its description, with a hint at
/// what to do and the exit status documented in `rickdex --help`. The libraries' errors say what
/// failed; the hints, in command-line words, are added here.
protocol ReportableError: Error, CustomStringConvertible {
    var exitStatus: ExitStatus { get }
    var hint: String? { get }
}

extension ReportableError {
    var hint: String? { nil }
}

extension APIError: ReportableError {
    var exitStatus: ExitStatus {
        switch self {
        case .notFound: .notFound
        case .badRequest: .usage
        default: .network
        }
    }

    var hint: String? {
        switch self {
        case .throttled:
            "The server is limiting requests; wait a little and try again."
        case .server:
            "The server or the network is having trouble; try again, or use --api fixtures."
        case .malformedResponse, .unexpectedStatus:
            "The server at --api does not speak the Rick and Morty API."
        case .notTheAPI(let url, _):
            "--api names the API's root, which ends in /api"
                + (Self.suggestedRoot(url).map { ": try --api \($0)" } ?? "") + "."
        case .notCached:
            "Run `rickdex warm --all` (or `rickdex warm` with the same filters) while online to use it offline."
        case .transport(let failure):
            failure.hint
        default:
            nil
        }
    }
}

extension APIError {
    /// `http://host:port/api` for a URL on that server.
    fileprivate static func suggestedRoot(_ url: String) -> APIRoot? {
        URL(string: url).flatMap { URL(string: "/api", relativeTo: $0) }.flatMap { APIRoot(url: $0.absoluteURL) }
    }
}

extension HTTPError: ReportableError {
    var exitStatus: ExitStatus { .network }

    var hint: String? {
        switch self {
        case .unreachable:
            "Check the network or the --api address; --api fixtures runs on the bundled dataset with no network."
        case .timedOut, .tooSlow, .connectionDropped, .incompleteBody:
            "The server or the network is having trouble; try again, or use --api fixtures."
        case .deadlinePassed:
            "Give it longer with --timeout, or leave --timeout out."
        case .untrustedCertificate:
            "If the server's certificate is signed by your own CA (a team proxy), trust that CA with "
                + "--cacert FILE or RICKDEX_CACERT=FILE; otherwise check --api and the machine's clock."
        case .transportUnavailable:
            "Install libcurl (Debian/Ubuntu: apt-get install libcurl4) or name its file in RICKDEX_LIBCURL; "
                + "--offline works from the cache without it."
        case .redirectRefused:
            "Redirects are followed to the API's host alone; --image-host HOST allows another."
        case .responseTooLarge, .tooManyRedirects:
            nil
        }
    }
}

extension ImagePipeline.Error: ReportableError {
    /// A loader's own failure keeps its code and hint (an untrusted certificate, say).
    var exitStatus: ExitStatus {
        if case .dataLoadingFailed(_, let underlying as any ReportableError) = self { return underlying.exitStatus }
        return .network
    }

    var hint: String? {
        switch self {
        case .dataMissingInCache: "Run `rickdex warm` for it while online to use it offline."
        case .dataLoadingFailed(_, let underlying as any ReportableError): underlying.hint
        default: nil
        }
    }
}

extension DatasetError: ReportableError {
    var exitStatus: ExitStatus { .usage }
    var hint: String? { "A dataset folder holds characters.json, episodes.json, locations.json and avatars/." }
}

extension DiskCacheError: ReportableError {
    var exitStatus: ExitStatus { .usage }

    var hint: String? {
        switch self {
        case .unusable, .notACache:
            return "Choose another cache folder (a new or empty one) with --cache-dir or RICKDEX_CACHE_DIR."
        case .writeFailed(_, .noSpace):
            return "Free some space on that disk, or give the cache another folder (--cache-dir) or a smaller --cache-size."
        case .writeFailed:
            return "Make the cache folder writable, or choose another with --cache-dir or RICKDEX_CACHE_DIR."
        }
    }
}

/// A local image that cannot be decoded is bad input, not a network failure.
extension ImagingError: ReportableError {
    var exitStatus: ExitStatus { .usage }
}

extension ExportError: ReportableError {
    var exitStatus: ExitStatus { .usage }
}

extension ExportNameClash: ReportableError {
    var exitStatus: ExitStatus { .usage }
    var hint: String? { "Nothing was written. Put {id} in --name to tell them apart, e.g. --name '{id}-{name}'." }
}

extension ExportClashes: ReportableError {
    var exitStatus: ExitStatus { .usage }
    var hint: String? { "Nothing was written. Move them away, choose another --out, or add --force to replace them." }
}

extension DatasetNotFound: ReportableError {
    var exitStatus: ExitStatus { .usage }
}

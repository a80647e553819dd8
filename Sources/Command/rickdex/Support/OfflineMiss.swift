import BlockArt
import LoupeHTTP
import LoupeToolbox
import LoupePipeline
import RickAndMortyAPI
import UseCases

/// `--offline` and an answer the cache does not hold: which API's cache was read, which APIs
/// this cache does hold answers for, and what to run.
struct OfflineMiss: ReportableError {
    /// The library's error: `APIError.notCached` or `ImagePipeline.Error.dataMissingInCache`.
    let miss: any Error
    /// The API whose answers were looked for (`fixtures`, or its root URL).
    let api: String
    /// The same as the user would type it, a password masked (`APISetting.shown`).
    var shown: String
    let folder: String
    /// The APIs this cache holds answers for, with how many.
    let cached: [String: Int]

    var description: String { "\(miss) of \(api)" }

    var hint: String? {
        let others = cached.filter { $0.key != api }.sorted { $0.value > $1.value }
        var lines: [String] = []
        if cached.isEmpty {
            lines.append("The cache in \(folder) holds no API answers yet.")
        } else {
            let listed = cached.sorted { $0.value > $1.value }.map { "\($0.key) (\(Plural.count($0.value, "answer")))" }
            lines.append("The cache in \(folder) holds answers of: " + listed.joined(separator: ", ") + ".")
        }
        if let other = others.first, cached[api] == nil {
            lines.append("To read those: --api \(other.key) --offline.")
        }
        lines.append("To fill it for this one, run online: rickdex warm --all --api \(shown) (or with the same filters).")
        return lines.joined(separator: "\n")
    }

    var exitStatus: ExitStatus { .network }

    /// `error` as an offline miss, when it is one.
    static func wrapping(_ error: any Error, options: GlobalOptions) -> any Error {
        let isMiss: Bool =
            switch error {
            case APIError.notCached: true
            case ImagePipeline.Error.dataMissingInCache: true
            default: false
            }
        guard isMiss, options.offline, let disk = try? options.cache.open() else { return error }
        return OfflineMiss(
            miss: error, api: options.api.description, shown: options.api.shown, folder: disk.root.path,
            cached: disk.usage(group: APIIdentity.apiName(ofAnswer:kind:)).groups)
    }
}

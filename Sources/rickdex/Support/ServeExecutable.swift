import FoundationEssentials
import SystemPackage
import Toolbox

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `rickdex-serve`, the executable beside `rickdex` that serves a dataset: `rickdex serve` hands
/// over to it and `--api fixtures` runs it as a child, so the web server it links (Hummingbird,
/// NIO) is not loaded, relocated and scanned by every other command at start-up.
enum ServeExecutable {
    static let name = "rickdex-serve"

    /// Its path: beside this executable, symbolic links resolved.
    static func url() throws -> URL {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let url = own.deletingLastPathComponent().appendingPathComponent(name)
        guard FileSystem.isExecutable(url.path) else {
            throw ServerUnavailable(
                description: "cannot serve: \(name), which runs `rickdex serve` and --api fixtures, is not at "
                    + "\(url.path); install it beside rickdex (scripts/install does)",
                exitCode: ErrorReport.usage)
        }
        return url
    }

    /// Replaces this process with `rickdex-serve arguments…`, so its output, signals and exit
    /// status are the command's own.
    static func exec(_ arguments: [String]) throws -> Never {
        let path = try url().path
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        throw ServerUnavailable(
            description: "cannot run \(path): \(Errno.current)", exitCode: ErrorReport.usage)
    }
}

import ArgumentParser
import AvatarCache
import BlockArt
import Foundation
import Imaging
import RickAndMortyAPI

/// What the user sees when a command fails: a message naming what failed, a hint at what to do,
/// and the exit code documented in `rickdex --help`.
struct ErrorReport {
    var message: String
    var hint: String?
    var exitCode: Int32
    /// Help or version output, which goes to stdout with exit code 0.
    var isCleanExit = false

    static let usage: Int32 = 1
    static let network: Int32 = 2
    static let notFound: Int32 = 3
    static let partial: Int32 = 4

    init(_ error: any Error, command: any ParsableCommand.Type) {
        switch error {
        case let error as APIError:
            message = error.description
            exitCode = Self.exitCode(for: error)
            hint = Self.hint(for: error)
        case let error as DatasetError:
            message = error.description
            exitCode = Self.usage
            hint = "A dataset folder holds characters.json, episodes.json, locations.json and avatars/."
        case let error as FixturesNotFound:
            message = error.description
            exitCode = Self.usage
        case let error as AvatarCacheError:
            message = error.description
            exitCode = Self.network
        case let error as DiskCacheError:
            message = error.description
            exitCode = Self.usage
        case let error as ImagingError:
            message = error.description
            exitCode = Self.network
        case let error as PartialFailure:
            message = error.description
            exitCode = Self.partial
        case let error as LocalFileError:
            message = error.description
            exitCode = Self.usage
        case let error as ServerStartFailure:
            message = error.description
            exitCode = Self.network
            hint = "Choose another --port, or --port 0 for any free one."
        default:
            let code = command.exitCode(for: error)
            isCleanExit = code == .success
            message = command.fullMessage(for: error)
            exitCode = isCleanExit ? 0 : Self.usage
        }
    }

    /// Writes the report: help to stdout, errors to stderr.
    func print() {
        if isCleanExit {
            Swift.print(message)
            return
        }
        var text = message.hasPrefix("Error:") || message.contains("Usage:") ? message : "rickdex: \(message)"
        if let hint { text += "\n\(hint)" }
        FileHandle.standardError.write(Data((TerminalText.sanitizeKeepingLines(text) + "\n").utf8))
    }

    private static func exitCode(for error: APIError) -> Int32 {
        if case .notFound = error { return notFound }
        if case .badRequest = error { return usage }
        return network
    }

    private static func hint(for error: APIError) -> String? {
        switch error {
        case .unreachable:
            "Check the network or the --api address; --api fixtures runs on the bundled dataset with no network."
        case .throttled:
            "The server is limiting requests; wait a little and try again."
        case .timedOut, .connectionDropped, .server:
            "The server or the network is having trouble; try again, or use --api fixtures."
        case .malformedResponse, .unexpectedStatus:
            "The server at --api does not speak the Rick and Morty API."
        case .notCached:
            "Run `rickdex warm --all` (or `rickdex warm` with the same filters) while online to use it offline."
        default:
            nil
        }
    }
}

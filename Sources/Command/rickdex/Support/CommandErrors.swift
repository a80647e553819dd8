import FoundationEssentials
import LoupeImaging
import LoupeToolbox
import SystemPackage
import UseCases

/// The disk under the cache filled: the cache keeps to the room it found, its oldest entries
/// dropped, so not all that was fetched is kept (said by every command, once). Exit code 4 for `warm`.
struct CacheOutOfRoom: ReportableError {
    /// In bytes.
    let room: Int64

    var description: String {
        "the disk under the cache filled up: the cache now keeps to \(ByteSize.format(room)), its oldest entries "
            + "dropped to make room, so offline use covers only part of what was fetched"
    }
    var hint: String? { "Free space on that disk, or give the cache a larger one with --cache-dir." }
    var exitStatus: ExitStatus { .partial }
}

/// A warm that asked for more than the cache's size limit holds: what the limit took, whether
/// `--offline` still has every answer (they are kept before images), and the size that would do.
struct CacheTooSmall: ReportableError {
    let report: WarmReport
    /// The size limit, and what the cache holds now, in bytes.
    let limit: Int64
    let held: Int64

    /// What is held and what the limit took, with a tenth to spare, in whole megabytes.
    var needed: Int64 {
        let bytes = Double(held + report.evictedBytes) * 1.1
        return Int64((bytes / Double(1 << 20)).rounded(.up)) << 20
    }

    var description: String {
        let took =
            "the cache's size limit (\(ByteSize.format(limit))) is too small for this warm: "
            + "\(Plural.count(report.evicted, "entry")) (\(ByteSize.format(report.evictedBytes))) "
            + "evicted, about \(ByteSize.format(max(0, needed - limit))) short"
        guard report.answersMissing > 0 else {
            return took
                + "; its \(Plural.count(report.answers, "answer")) were kept, so --offline works, without the evicted avatars"
        }
        return took + "; --offline would miss \(report.answersMissing) of its \(Plural.count(report.answers, "answer"))"
    }

    var hint: String? { "Give the cache --cache-size \(needed >> 20)MB or more, or warm less." }
    var exitStatus: ExitStatus { .partial }
}

/// A local file that could not be read.
struct LocalFileError: ReportableError {
    let path: String
    let reason: String

    var description: String { "\(path): \(reason)" }
    var exitStatus: ExitStatus { .usage }
}

/// Something asked for by a name the API has no item for (an episode code, a character's name),
/// as the API's own "not found" is for an id: exit code 3.
struct NotFound: ReportableError {
    /// e.g. `episode S09E99`
    let what: String
    var hint: String? = nil

    var description: String { "\(what) not found" }
    var exitStatus: ExitStatus { .notFound }
}

/// Two inputs that would write one output file: refused before anything is written, naming both,
/// so that neither output silently replaces the other.
struct OutputClash: ReportableError {
    let file: String
    let first: String
    let second: String

    var description: String { "\(first) and \(second) would both be written as \(file)" }
    var exitStatus: ExitStatus { .usage }
    var hint: String? { "Nothing was written. Make thumbnails of files with one name in separate runs, each with its own --out." }

    /// The first output name given twice, with the inputs behind it; `nil` when every name is its own.
    static func first(in outputs: [String], from inputs: [String]) -> OutputClash? {
        var seen: [String: Int] = [:]
        for (index, output) in outputs.enumerated() {
            if let earlier = seen[output] { return OutputClash(file: output, first: inputs[earlier], second: inputs[index]) }
            seen[output] = index
        }
        return nil
    }
}

/// Output that did not all reach standard output (a full disk, `/dev/full`, an I/O error): what
/// was asked for is not whole, so the command fails with one line and exit code 1, as `cat` and
/// `jq` do, instead of leaving truncated output behind exit code 0. Said once, as the command ends.
struct OutputWriteFailure: ReportableError {
    let cause: Errno

    var description: String { "cannot write to standard output: \(cause)" }
    var exitStatus: ExitStatus { .usage }
}

/// A page past the last of a listing: the listing's real size, exit code 3.
struct PageNotFound: ReportableError {
    let page: Int
    let pages: Int
    let count: Int

    var description: String {
        "there is no page \(page): the \(count) \(count == 1 ? "match fits" : "matches fit") on \(pages) \(pages == 1 ? "page" : "pages")"
    }
    var hint: String? { pages == 1 ? "Leave out --page." : "Ask for --page 1 to \(pages), or --all." }
    var exitStatus: ExitStatus { .notFound }
}

/// Some items of a batch failed (each reported already); the rest were done. Exit code 4, or
/// `whenAllFailed` when nothing was done (local files that all failed are bad input, 1, as one
/// file alone would be).
struct PartialFailure: ReportableError {
    let failed: Int
    let total: Int
    var whenAllFailed = ExitStatus.partial

    var description: String {
        failed == total && total > 1 ? "all \(total) failed" : "\(failed) of \(total) failed"
    }

    var exitStatus: ExitStatus { failed == total ? whenAllFailed : .partial }

    /// Says each of `messages` (local inputs that failed) on stderr, then throws when there are
    /// any: exit code 4, or 1 when all of `total` failed.
    static func report(_ messages: [String], of total: Int) throws(PartialFailure) {
        for message in messages { StandardStreams.error("rickdex: \(message)\n") }
        if !messages.isEmpty { throw PartialFailure(failed: messages.count, total: total, whenAllFailed: .usage) }
    }
}

/// An exit with a code and no message (a batch's 4 when its summary said why; browse's fzf codes, 1
/// for no match and 130 for quit); `printing` is written on standard output first (the line and
/// key fzf prints even when nothing matched).
struct QuietExit: Error, CustomStringConvertible {
    let code: Int32
    var printing: [UInt8] = []

    var description: String { "" }
}

/// The loopback server could not listen on its address.
struct ServerStartFailure: ReportableError {
    let host: String
    let port: Int
    let reason: String

    var description: String { "cannot serve on \(host):\(port): \(reason)" }
    var exitStatus: ExitStatus { .network }
    var hint: String? { "Choose another --port, or --port 0 for any free one." }

    /// Runs `start`, turning a bind failure into this error.
    static func wrapping<T>(host: String, port: Int, _ start: () async throws -> T) async throws -> T {
        do {
            return try await start()
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ServerStartFailure(host: host, port: port, reason: "\(error)")
        }
    }
}

/// The dataset's server could not be run or did not start: what failed, and the exit status that
/// fits (the `rickdex serve` child's own when it started and gave up).
struct ServerUnavailable: ReportableError {
    let description: String
    let exitStatus: ExitStatus
}

/// A contact sheet past what its format holds (a side over `maximumSide` pixels) or past the
/// memory a sheet may take: refused before any avatar is fetched, saying how to stay under.
struct SheetTooLarge: ReportableError {
    /// Characters on the sheet (with only the options known: one full row).
    let count: Int
    let width: Int
    let height: Int
    let format: String  // JPEG or PNG
    let maximumSide: Int
    let maximumBytes: Int64
    /// `--size` and `--columns`, and the most columns whose row fits the format.
    let size: Int
    let columns: Int
    let fittingColumns: Int

    private var bytes: Int64 { Int64(width) * Int64(height) * 4 }

    var description: String {
        let pixels = "\(Self.grouped(width)) × \(Self.grouped(height)) px"
        if width > maximumSide || height > maximumSide {
            return "a sheet of \(Plural.count(count, "character")) in \(Plural.count(columns, "column")) "
                + "at --size \(size) would be \(pixels), and a \(format) is at most \(Self.grouped(maximumSide)) px a side"
        }
        return "a sheet of \(Plural.count(count, "character")) at --size \(size) would be \(pixels), "
            + "\(ByteSize.format(bytes)) of pixels in memory: more than the \(ByteSize.format(maximumBytes)) a sheet may take"
    }

    var hint: String? {
        let png = format == "JPEG" ? ", or write a .png (up to \(Self.grouped(PNGEncoder.maximumSide)) px a side)" : ""
        let advice =
            if width > maximumSide {
                "Use --columns \(fittingColumns) or fewer at --size \(size), or a smaller --size\(png)."
            } else if height > maximumSide {
                "Draw fewer characters (a narrower search, or --page), more --columns or a smaller --size\(png)."
            } else {
                "Draw fewer characters (a narrower search, or --page) or use a smaller --size."
            }
        return advice + " No avatar was fetched."
    }

    var exitStatus: ExitStatus { .usage }

    /// `65500` as `65,500`.
    private static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
            index -= 3
        }
        return digits
    }
}

/// Ids asked for that name no character (the API's batch answer leaves them out): named, exit
/// code 3, after the others were done.
struct UnknownIDs: ReportableError {
    let ids: [Int]

    var description: String {
        let listed = ids.prefix(20).map(String.init).joined(separator: ", ") + (ids.count > 20 ? ", …" : "")
        return "no character has the id\(ids.count == 1 ? "" : "s") \(listed) (\(ids.count) unknown; the others were done)"
    }
    var hint: String? { "rickdex search lists the characters there are, with their ids." }
    var exitStatus: ExitStatus { .notFound }
}

import ArgumentParser
import FoundationEssentials
import LoupePipeline
import LoupeToolbox
import UseCases

/// `rickdex cache stats | verify | prune | clear | path`
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Inspect and tend the cache: what it holds, check it, trim it, empty it.",
        discussion: """
            The cache keeps API answers, avatars as served and their thumbnails under v2/ in the \
            cache folder, fresh as long as the server's Cache-Control says (24 h for answers and \
            30 days for images when it says nothing). Stale entries still serve --offline.
            """ + Examples.help("cache"),
        subcommands: [Stats.self, Verify.self, Prune.self, Clear.self, Path.self]
    )

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "What the cache holds: its size from the size record, or (--exact) by kind and freshness.")

        @Flag(help: "Print as JSON.") var json = false
        @Flag(help: "Walk every entry: counts by kind and freshness, and the size record checked against the files.")
        var exact = false
        @OptionGroup var cache: CacheOptions

        func run() throws {
            let disk = try cache.open()
            let usage = exact ? disk.usage(group: APIIdentity.apiName(ofAnswer:kind:)) : nil
            let size = usage.map { EntryTotals(entries: $0.entries, bytes: $0.bytes) } ?? disk.recordedSize()
            let limit = disk.configuration.sizeLimit
            if json {
                return try JSONOutput.print(
                    CacheStatsOutput(
                        path: disk.root.path, limit: limit, entries: size.entries, bytes: size.bytes, usage: usage))
            }
            print(disk.root.path)
            let total =
                "  \(Plural.count(size.entries, "entry")), \(ByteSize.format(size.bytes)) of \(ByteSize.format(limit))"
            guard let usage else { return print(total + " (--exact for kinds and freshness)") }
            print(total)
            for kind in [EntryKind.response, .original, .processed] {
                let counts = usage.byKind[kind] ?? DiskUsage.Kind()
                let name =
                    ["response": "API answers", "original": "avatars", "processed": "thumbnails"][kind.rawValue] ?? kind.rawValue
                print(
                    "  \(name): \(counts.entries) (\(ByteSize.format(counts.bytes))): \(counts.fresh) fresh, "
                        + "\(counts.stale) stale, \(counts.unknown) with no lifetime from the server")
            }
            if usage.unreadable > 0 { print("  \(usage.unreadable) unreadable: run `rickdex cache verify`") }
            if usage.strays > 0 {
                print("  \(usage.strays) not entry files (links, folders, pipes or devices): run `rickdex cache verify`")
            }
            if usage.temporaryFiles > 0 { print("  \(usage.temporaryFiles) temporary files") }
            switch usage.recorded {
            case .some(let recorded) where recorded.entries == usage.entries && recorded.bytes == usage.bytes:
                print("  size record: matches the files")
            case .some(let recorded):
                print("  size record: said \(Plural.count(recorded.entries, "entry")), \(ByteSize.format(recorded.bytes)); repaired")
            case .none:
                print("  size record: missing or damaged; rebuilt")
            }
        }
    }

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Check every entry's length and checksum; remove the corrupt ones.",
            discussion: """
                Exit code 4 when something was corrupt (it is removed, and refetched when next needed). Links, folders, \
                pipes and devices in the cache are removed as themselves, never followed.
                """)

        @Flag(help: "Print as JSON.") var json = false
        @OptionGroup var cache: CacheOptions

        func run() throws {
            let report = try cache.open().verify()
            if json {
                try JSONOutput.print(report)
            } else {
                for problem in report.removed { print("removed \(problem.file): \(problem.corruption)") }
                for problem in report.notRemoved { print("could not remove \(problem.file): \(problem.corruption)") }
                let kept = report.notRemoved.isEmpty ? "" : ", \(report.notRemoved.count) corrupt and not removed (no permission)"
                print(
                    "checked \(Plural.count(report.checked, "entry")): \(report.valid) valid, \(report.removed.count) corrupt and removed\(kept)")
                let record = [
                    VerifyReport.RecordCheck.matched: "matches the files", .repaired: "was wrong; repaired",
                    .rebuilt: "was missing or damaged; rebuilt",
                ]
                print("size record: \(record[report.record] ?? report.record.rawValue)")
            }
            let corrupt = report.removed.count + report.notRemoved.count
            if corrupt > 0 { throw PartialFailure(failed: corrupt, total: report.checked) }
        }
    }

    struct Prune: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "prune",
            abstract: "Remove expired and corrupt entries and leftovers, then trim to the size limit.",
            discussion: """
                Expired entries still serve --offline; prune when space matters more. Exit code 1, naming the folder, \
                when the cache may not be changed (another user's, or a read-only disk).
                """)

        @OptionGroup var cache: CacheOptions

        func run() throws {
            let report = try cache.open().prune()
            print(
                "removed \(report.expired) expired, \(report.corrupt) corrupt, \(report.evicted) least recently used, "
                    + "\(report.temporaryFiles) leftover temporary files"
                    + (report.strays > 0 ? ", \(report.strays) links, folders, pipes or devices" : "")
                    + ": \(ByteSize.format(report.bytesFreed)) freed, \(ByteSize.format(report.bytesLeft)) left")
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear", abstract: "Remove every entry.",
            discussion: """
                Temporary files of writes younger than ten minutes are left to the processes writing them. \
                Exit code 1, naming the folder, when the cache may not be changed (another user's, or a read-only disk).
                """)

        @OptionGroup var cache: CacheOptions

        func run() throws {
            let removed = try cache.open().clear()
            print("removed \(Plural.count(removed.entries, "entry")) (\(ByteSize.format(removed.bytes)))")
        }
    }

    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "path", abstract: "Print the cache folder.")

        @OptionGroup var cache: CacheOptions

        func run() {
            print(cache.root().path)
        }
    }
}

/// `rickdex cache stats --json`.
struct CacheStatsOutput: Codable {
    var path: String
    var limit: Int64
    var entries: Int
    var bytes: Int64
    /// With `--exact` only: the walk's counts by kind and freshness.
    var usage: DiskUsage?
}

import FoundationEssentials

/// The disk under the cache filled during a warm: the cache kept to the room it found, dropping
/// its oldest entries, so not all that was warmed is kept. Exit code 4.
struct CacheOutOfRoom: ReportableError {
    /// The size the cache now keeps to, in bytes.
    let room: Int64

    var description: String {
        "the disk under the cache filled up: the cache now keeps to \(ByteSize.format(room)), its oldest entries "
            + "dropped to make room, so offline use covers only part of what was warmed"
    }
    var hint: String? { "Free space on that disk, or give the cache a larger one with --cache-dir." }
    var exitCode: Int32 { ErrorReport.partial }
}

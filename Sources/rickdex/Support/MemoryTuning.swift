import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps freed image buffers in the process instead of handing them back to the kernel.
///
/// Decoding and resampling allocate and free buffers of a few hundred kilobytes per image. By
/// default glibc trims its heaps after such frees (`madvise`), so every image pays page faults and
/// zeroing again. Set with `mallopt` once the process runs, the limits do not stop that (measured:
/// ~690 `madvise` calls for 826 thumbnails either way, so there is no `mallopt` call); read by
/// glibc at start-up from `GLIBC_TUNABLES`, they do, for a fifth less wall time. So the bulk image
/// commands re-execute themselves once with those tunables, unless the user has set
/// `GLIBC_TUNABLES` already.
enum MemoryTuning {
    /// Commands that process many images, where the start-up cost of one `exec` is repaid.
    /// Not `warm`: its thumbnails took the same time either way (2.83 s against 2.79 s for
    /// `warm --all`, median of 7), and without thumbnails the second start-up was pure cost.
    static let bulkCommands = ["thumbnail", "sheet", "art", "export"]

    static let tunables = "glibc.malloc.arena_max=1:glibc.malloc.trim_threshold=134217728:glibc.malloc.mmap_threshold=33554432"

    static func apply() {
        #if os(Linux)
            let arguments = CommandLine.arguments
            guard arguments.count > 1, bulkCommands.contains(arguments[1]),
                ProcessInfo.processInfo.environment["GLIBC_TUNABLES"] == nil
            else { return }
            setenv("GLIBC_TUNABLES", tunables, 1)
            execv("/proc/self/exe", CommandLine.unsafeArgv)
            // exec failed: carry on untuned; nothing is lost but speed.
            unsetenv("GLIBC_TUNABLES")
        #endif
    }
}

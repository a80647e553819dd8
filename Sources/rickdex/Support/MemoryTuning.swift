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
/// zeroing again. glibc reads the limits that stop it only at start-up, from `GLIBC_TUNABLES`
/// (`mallopt` once running left the ~690 `madvise` calls of 826 thumbnails as they were), so the
/// commands that gain re-execute themselves once with them, unless the user has set
/// `GLIBC_TUNABLES` already. `sheet` and `art` do not: they measured the same either way.
enum MemoryTuning {
    static let tunables = "glibc.malloc.arena_max=1:glibc.malloc.trim_threshold=134217728:glibc.malloc.mmap_threshold=33554432"

    /// Re-executes this process with the tunables, once; returns only when it does not (already
    /// tuned, or `exec` failed: nothing is lost but speed).
    static func reexecuteForImages() {
        #if os(Linux)
            guard ProcessInfo.processInfo.environment["GLIBC_TUNABLES"] == nil else { return }
            setenv("GLIBC_TUNABLES", tunables, 1)
            execv("/proc/self/exe", CommandLine.unsafeArgv)
            unsetenv("GLIBC_TUNABLES")
        #endif
    }
}

import CMemoryTuning

/// Keeps freed image buffers in the process instead of handing them back to the kernel.
///
/// Decoding and resampling allocate and free buffers of a few hundred kilobytes per image. By
/// default glibc serves those with fresh `mmap`s and trims the heap eagerly, so every image pays
/// page faults and zeroing again (measured with perf: most of the kernel time of a thumbnail run).
enum MemoryTuning {
    static func apply() {
        rdx_tune_malloc(32 << 20, 128 << 20)
    }
}

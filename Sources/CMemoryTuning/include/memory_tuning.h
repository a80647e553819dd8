#ifndef RICKDEX_MEMORY_TUNING_H
#define RICKDEX_MEMORY_TUNING_H

/// Keeps freed buffers up to `mmap_threshold` bytes in the heap and trims it only past
/// `trim_threshold` (glibc's mallopt), for the main heap; see MemoryTuning.swift for the rest.
void rdx_tune_malloc(int mmap_threshold, int trim_threshold);

#endif

#ifndef RICKDEX_MEMORY_TUNING_H
#define RICKDEX_MEMORY_TUNING_H

/// Keeps freed buffers up to `mmap_threshold` bytes in the heap and trims it only past
/// `trim_threshold`, in a single arena, so per-image buffers are reused instead of re-faulted
/// (glibc's mallopt).
void rdx_tune_malloc(int mmap_threshold, int trim_threshold);

#endif

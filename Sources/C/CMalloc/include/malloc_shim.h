#ifndef CLOUPE_MALLOC_SHIM_H
#define CLOUPE_MALLOC_SHIM_H

/// Tells glibc's malloc to keep freed memory in the process: blocks up to 32 MiB come from the
/// heap rather than a mapping of their own, a heap is trimmed only past 128 MiB free at its top,
/// and one arena serves every thread. Call it first thing in `main`, before other threads
/// allocate. Returns 0 when glibc took every setting, -1 when not (or malloc is not glibc's).
int rdx_malloc_keep_freed_memory(void);

#endif

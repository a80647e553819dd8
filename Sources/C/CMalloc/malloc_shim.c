#include "malloc_shim.h"

#if defined(__linux__)
#include <malloc.h>
#endif

// Image work frees a few hundred kilobytes per image (its own buffers and libjpeg's coefficient
// arrays); handed back to the kernel by glibc's default thresholds, they fault in again on the
// next image: `art` of the 826 real avatars took 72,000 page faults and a quarter of its CPU in
// the kernel, 2,500 with these settings.
int rdx_malloc_keep_freed_memory(void) {
#if defined(__GLIBC__)
    int ok = mallopt(M_MMAP_THRESHOLD, 32 << 20);
    ok &= mallopt(M_TRIM_THRESHOLD, 128 << 20);
    ok &= mallopt(M_ARENA_MAX, 1);
    return ok ? 0 : -1;
#else
    return -1;
#endif
}

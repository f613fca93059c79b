#ifndef CTRY_CMALLOC_SHIM_H
#define CTRY_CMALLOC_SHIM_H
// glibc's malloc tuning (<malloc.h>, which the Glibc module does not export), set once at start-up
// before any thread runs. Elsewhere (not Linux) a no-op.
#if defined(__linux__)
#include <malloc.h>
#endif

/// One arena for every thread, and large blocks kept in the heap rather than mapped and unmapped:
/// a refresh's work hops between threads, and a thread's own arena would grow a page at a time,
/// while freed large blocks would go back to the system only to be faulted in again (system time:
/// Scripts/bench's refresh CPU).
static inline void ctry_malloc_tune(void) {
#if defined(__linux__)
  mallopt(M_ARENA_MAX, 1);
  mallopt(M_MMAP_THRESHOLD, 64 * 1024 * 1024);
  mallopt(M_TRIM_THRESHOLD, 64 * 1024 * 1024);
#endif
}

#endif

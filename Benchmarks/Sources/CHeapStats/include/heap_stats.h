#ifndef OPENMAPS_HEAP_STATS_H
#define OPENMAPS_HEAP_STATS_H
#include <stddef.h>

/// Bytes the C allocator has handed out and not had back: glibc's `mallinfo2()`, small blocks
/// in use plus blocks mapped on their own (on Apple systems, the zones' bytes in use). For
/// measuring memory per object in the benchmarks.
size_t openmaps_heap_bytes_in_use(void);

#endif

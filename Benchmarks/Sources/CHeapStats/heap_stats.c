#include "heap_stats.h"

#if defined(__APPLE__)
#include <malloc/malloc.h>

size_t openmaps_heap_bytes_in_use(void) {
    malloc_statistics_t stats;
    malloc_zone_statistics(NULL, &stats);
    return stats.size_in_use;
}
#else
// glibc says who it is only once one of its headers is in.
#if defined(__has_include)
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
#endif

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
size_t openmaps_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#else
size_t openmaps_heap_bytes_in_use(void) { return 0; }
#endif
#endif

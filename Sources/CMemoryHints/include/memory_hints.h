#ifndef OPENMAPS_MEMORY_HINTS_H
#define OPENMAPS_MEMORY_HINTS_H

/// Asks the processor to start loading the cache line at `address` for reading, without
/// waiting for it: for loops whose next accesses are known a few steps ahead but are
/// scattered over memory larger than the caches. A hint only: it never faults.
static inline void om_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif

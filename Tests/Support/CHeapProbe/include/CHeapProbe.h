#ifndef CHEAPPROBE_H
#define CHEAPPROBE_H

#include <stddef.h>

/// Bytes the C heap holds for the program now, over every arena (what the arenas took from the
/// system less their free chunks, plus mapped large blocks), free memory first returned to the
/// system. Glibc only; 0 elsewhere.
size_t heap_probe_bytes_in_use(void);

/// The process's resident memory in bytes (from /proc/self/statm); 0 if unknown.
size_t heap_probe_resident_bytes(void);

#endif

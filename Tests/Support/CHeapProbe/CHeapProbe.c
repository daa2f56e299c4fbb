#include "CHeapProbe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

/// The number after `size="` in the first `<tag type="kind" ...>` at or after `from`; 0 if none.
static size_t size_after(const char *from, const char *prefix) {
    const char *found = strstr(from, prefix);
    if (found == NULL) return 0;
    const char *size = strstr(found, "size=\"");
    if (size == NULL) return 0;
    return (size_t)strtoull(size + 6, NULL, 10);
}

size_t heap_probe_bytes_in_use(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
    char *text = NULL;
    size_t length = 0;
    FILE *stream = open_memstream(&text, &length);
    if (stream == NULL) return 0;
    int failed = malloc_info(0, stream);
    fclose(stream);
    if (failed != 0 || text == NULL) {
        free(text);
        return 0;
    }
    // After the last arena come the totals over every arena: memory taken from the system
    // (arenas and mmapped blocks) less the free chunks in them.
    const char *last = text, *next;
    while ((next = strstr(last, "</heap>")) != NULL) last = next + 7;
    size_t fast = size_after(last, "<total type=\"fast\"");
    size_t rest = size_after(last, "<total type=\"rest\"");
    size_t mapped = size_after(last, "<total type=\"mmap\"");
    size_t system = size_after(last, "<system type=\"current\"");
    free(text);
    size_t free_bytes = fast + rest;
    return (system > free_bytes ? system - free_bytes : 0) + mapped;
#else
    return 0;
#endif
}

size_t heap_probe_resident_bytes(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    if (file == NULL) return 0;
    unsigned long size = 0, resident = 0;
    int read = fscanf(file, "%lu %lu", &size, &resident);
    fclose(file);
    if (read != 2) return 0;
    long page = sysconf(_SC_PAGESIZE);
    return page > 0 ? (size_t)resident * (size_t)page : 0;
}

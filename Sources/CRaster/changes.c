#include "raster.h"
#include <string.h>

int openmaps_changed_blocks(openmaps_pixels previous, openmaps_pixels next, int dx, int dy, int block,
                            uint8_t *marks, int limit) {
    if (block < 1 || !marks || !next.pixels || next.width <= 0 || next.height <= 0 || next.stride < next.width) return -1;
    const int usable = previous.pixels && previous.width > 0 && previous.height > 0 && previous.stride >= previous.width;
    const int columns = (next.width - 1) / block + 1, rows = (next.height - 1) / block + 1;
    int changed = 0;
    for (int by = 0; by < rows; by++) {
        uint8_t *mark = marks + (long)by * columns;
        const int y0 = by * block, y1 = y0 + block < next.height ? y0 + block : next.height;
        // A block whose pixels come from outside the previous frame has changed.
        for (int bx = 0; bx < columns; bx++) {
            const long x0 = (long)bx * block, x1 = x0 + block < next.width ? x0 + block : next.width;
            mark[bx] = !usable || x0 - dx < 0 || x1 - dx > previous.width || (long)y0 - dy < 0 || (long)y1 - dy > previous.height;
        }
        // Row by row (memory in order), each block still unchanged compared with where it was.
        for (int y = y0; y < y1; y++) {
            const long from = (long)y - dy;
            if (from < 0 || from >= previous.height) break;  /* every block of the row is marked */
            const uint32_t *now = next.pixels + (long)y * next.stride;
            const uint32_t *before = previous.pixels + from * previous.stride;
            for (int bx = 0; bx < columns; bx++) {
                if (mark[bx]) continue;
                const long x0 = (long)bx * block, x1 = x0 + block < next.width ? x0 + block : next.width;
                if (memcmp(now + x0, before + (x0 - dx), (size_t)(x1 - x0) * 4) != 0) mark[bx] = 1;
            }
        }
        for (int bx = 0; bx < columns; bx++) changed += mark[bx];
        if (changed > limit) return -1;
    }
    return changed;
}

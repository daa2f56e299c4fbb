#include "raster.h"

int openmaps_is_opaque(openmaps_pixels image) {
    if (image.pixels == 0 || image.width <= 0 || image.height <= 0 || image.stride < image.width) return 0;
    for (int y = 0; y < image.height; y++) {
        const uint32_t *row = image.pixels + (long)y * image.stride;
        uint32_t all = 0xFF000000u;
        for (int x = 0; x < image.width; x++) all &= row[x];
        if (all != 0xFF000000u) return 0;
    }
    return 1;
}

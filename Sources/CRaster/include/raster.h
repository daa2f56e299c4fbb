#ifndef OPENMAPS_RASTER_H
#define OPENMAPS_RASTER_H
#include <stdint.h>

/// A rectangle of 32-bit premultiplied ARGB pixels (cairo's ARGB32).
typedef struct {
    uint32_t *pixels;
    int width;
    int height;
    /// Pixels (not bytes) between the starts of two rows.
    int stride;
} openmaps_pixels;

/// Draws part of `source` into `target` through a projective mapping, sampling bilinearly.
///
/// `inverse` maps a target pixel (x, y, 1), at pixel centres, to homogeneous source
/// coordinates (row-major 3x3). Only target pixels inside `clip` (x0, y0, x1, y1, half open)
/// whose source point lies in front of the eye (w > 0) and inside `bounds`
/// (x0, y0, x1, y1 in source pixels, may reach past `part`) are drawn; samples are clamped
/// into `part` (x0, y0, x1, y1 in source pixels, within the source). `alpha` (0...256)
/// scales the source; the result is composited OVER the target.
void openmaps_draw_projected(openmaps_pixels target, const int clip[4],
                             openmaps_pixels source, const int part[4],
                             const double inverse[9], const double bounds[4],
                             int alpha);
#endif

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

/// `openmaps_draw_projected`, walking `rows` rows (1...64) together a span at a time (it
/// walks 16): every pixel comes out the same whatever `rows` is; only the order of memory
/// reads differs. For tests.
void openmaps_draw_projected_rows(openmaps_pixels target, const int clip[4],
                                  openmaps_pixels source, const int part[4],
                                  const double inverse[9], const double bounds[4],
                                  int alpha, int rows);

/// 1 when every pixel of `image` is opaque; 0 when one is not, or `image` is empty or has a
/// null buffer or a stride shorter than its width.
int openmaps_is_opaque(openmaps_pixels image);

/// A piece that `openmaps_draw_projected` will draw opaquely: its source wholly opaque and
/// its alpha 256, with the arguments that call takes.
typedef struct {
    int clip[4];
    int part[4];
    int source_width;
    int source_height;
    double inverse[9];
    double bounds[4];
} openmaps_cover;

/// Sets to `pixel` each pixel of `clip` (x0, y0, x1, y1, half open) that none of `covers`
/// draws: called before those pieces are drawn, it leaves the target as a clear to `pixel`
/// would once they are, without writing the pixels they cover. A row crossed by more than 64
/// pieces is set whole.
void openmaps_fill_uncovered(openmaps_pixels target, const int clip[4], const openmaps_cover *covers, int count,
                             uint32_t pixel);

/// Marks which blocks of `next` differ from `previous` moved by (`dx`, `dy`) pixels: the
/// block at column c and row r (`block` x `block` pixels from (c * block, r * block), cut by
/// `next`'s edges) is unchanged when each of its pixels equals the pixel of `previous` at
/// (x - dx, y - dy). A block reaching outside `previous` has changed.
///
/// `marks` has a byte for each block, row by row (columns = ceil(width / block), rows =
/// ceil(height / block)): 1 where changed, 0 where not. Returns the number changed, or -1
/// once more than `limit` have (the rest are then not looked at) or when `next` is empty or
/// `block` is not positive.
int openmaps_changed_blocks(openmaps_pixels previous, openmaps_pixels next, int dx, int dy, int block,
                            uint8_t *marks, int limit);

/// Renders a perspective view of an equirectangular panorama into `target`,
/// overwriting every pixel (no blending).
///
/// `source` spans 360° of heading across its width, with its horizontal
/// centre at compass heading `heading_offset` (radians, clockwise from
/// north), and pitch +90° (top row) to -90° (bottom row). It is sampled
/// bilinearly, wrapping horizontally and clamping vertically.
///
/// `camera` holds the camera's forward, right and up unit vectors, in that
/// order, as east/north/up triples. The ray through target point (x, y)
/// (pixel centres at +0.5, y growing downwards) is
/// `forward * focal + right * (x - centre_x) - up * (y - centre_y)`.
///
/// Source positions are computed exactly at the corners of 16-pixel blocks
/// and interpolated inside them; blocks are split, down to exact per-pixel
/// mapping around the poles, wherever that would be off by more than 0.2
/// source pixel (horizontally, beyond 80° of pitch: by the angle of 0.2
/// source pixel at 80°).
///
/// Does nothing when either image is empty or has a null buffer or a
/// stride shorter than its width, or when any parameter is not finite.
void openmaps_draw_equirectangular(openmaps_pixels target, openmaps_pixels source,
                                   const double camera[9], double focal,
                                   double centre_x, double centre_y,
                                   double heading_offset);

#endif

// Perspective rendering of equirectangular panoramas.
//
// The exact mapping from target pixels to source positions costs two atan2
// per point, so it is only evaluated at the corners of BLOCK x BLOCK target
// blocks; inside, positions are interpolated bilinearly in 16.16 fixed point.
// The mapping's curvature, estimated from second differences of neighbouring
// corners, bounds the interpolation error of a block. Blocks whose bound is
// over TOLERANCE, that come near a pole or that surround one are split in
// four, down to MIN_BLOCK pixels; those still over TOLERANCE, or around a
// pole, are mapped exactly, pixel by pixel.

#include "raster.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum {
    BLOCK = 16,     // Top-level block size, in target pixels.
    MIN_BLOCK = 4,  // Blocks this small are not split any further.
    STRIP = 128,    // Blocks per row of cached corners.
};

#define PI 3.14159265358979323846

// Largest accepted interpolation error, in source pixels. Beyond POLE_PITCH,
// horizontal errors count by the angle they make, as the source is stretched
// there by 1 / cos(pitch): its pixels are narrower than they look.
#define TOLERANCE 0.2
#define POLE_PITCH (80.0 * PI / 180.0)

// Hook for the test harness, which records the source position of every pixel.
// The source image, as read by the samplers. Callers copy it into locals, as
// stores to the target could otherwise alias its fields.
typedef struct {
    const uint32_t *pixels;
    ptrdiff_t stride;
    int width, height;
    int64_t wrap, max_y;  // width and height - 1, in 16.16
} image;

// A source position in pixels, pixel centres at integers; x in [0, width).
typedef struct { double x, y, cos_pitch; } point;

typedef struct {
    double forward[3], right[3], up[3];  // forward is scaled by the focal length
    double centre_x, centre_y, heading_offset;
    double width, height;                // of the source
    double pole_top, pole_bottom;        // y beyond which a point is near a pole
    double pole_scale;                   // 1 / cos(POLE_PITCH)
    image source;
    uint32_t *target;
    ptrdiff_t target_stride;
} context;

// atan2 within 5e-12 radians, cheaper than libm's correctly rounded one: the
// argument is reduced to [-tan(pi/8), tan(pi/8)] for a minimax polynomial.
static double arctan2(double y, double x)
{
    double ax = fabs(x), ay = fabs(y);
    double lo = ay < ax ? ay : ax, hi = ay < ax ? ax : ay;
    double t, r;
    if (lo > 0.41421356237309503 * hi) {
        t = (lo - hi) / (lo + hi);  // atan(lo / hi) = pi / 4 + atan(t)
        r = PI / 4;
    } else {
        t = hi > 0 ? lo / hi : 0;
        r = 0;
    }
    double s = t * t;
    r += t * (0.9999999998526221 + s * (-0.3333333006332145 + s * (0.19999789633339665
         + s * (-0.14279715566848677 + s * (0.1102236728473097 + s * (-0.08371976941029423
         + s * 0.04556737407092972))))));
    if (ay > ax)
        r = PI / 2 - r;
    if (x < 0)
        r = PI - r;
    return y < 0 ? -r : r;
}

// The source position seen through target point (tx, ty).
static point project(const context *c, double tx, double ty)
{
    double dx = tx - c->centre_x, dy = ty - c->centre_y;
    double e = c->forward[0] + c->right[0] * dx - c->up[0] * dy;
    double n = c->forward[1] + c->right[1] * dx - c->up[1] * dy;
    double z = c->forward[2] + c->right[2] * dx - c->up[2] * dy;
    double horizontal = sqrt(e * e + n * n), length = sqrt(e * e + n * n + z * z);
    double u = (arctan2(e, n) - c->heading_offset) * (0.5 / PI) + 0.5;
    point p;
    p.x = (u - floor(u)) * c->width - 0.5;
    if (p.x < 0)
        p.x += c->width;
    if (!(p.x >= 0 && p.x < c->width))  // NaN from overflowing rays, or rounding
        p.x = 0;
    p.y = (0.5 - arctan2(z, horizontal) / PI) * c->height - 0.5;
    if (p.y != p.y)
        p.y = 0;
    p.cos_pitch = length > 0 ? horizontal / length : 1;
    if (p.cos_pitch != p.cos_pitch)
        p.cos_pitch = 1;
    return p;
}

static double minimum(double a, double b)
{
    return a < b ? a : b;
}

static double maximum(double a, double b)
{
    return a > b ? a : b;
}

// x shifted by a whole turn if that brings it within half a turn of ref.
static double unwrap(double x, double ref, double width)
{
    if (x - ref > 0.5 * width)
        return x - width;
    if (ref - x > 0.5 * width)
        return x + width;
    return x;
}

// Second derivative of the mapping along a line through a, b and c, which
// are ha and hb target pixels apart, in source pixels per square target pixel.
static double curvature(const context *ctx, point a, point b, point c, double ha, double hb)
{
    double ax = unwrap(a.x, b.x, ctx->width), cx = unwrap(c.x, b.x, ctx->width);
    double kx = fabs((cx - b.x) / hb - (b.x - ax) / ha) * 2 / (ha + hb);
    double ky = fabs((c.y - b.y) / hb - (b.y - a.y) / ha) * 2 / (ha + hb);
    return maximum(kx * minimum(1, b.cos_pitch * ctx->pole_scale), ky);
}

// 16.16 fixed point; rounds towards zero, which is close enough.
static int64_t fixed(double v)
{
    return (int64_t)(v * 65536.0);
}

// (256 - f) << 32 | f for f in [0, 256], the horizontal weights of a blend.
#define WEIGHT(f) ((uint64_t)(256 - (f)) << 32 | (f))
#define WEIGHTS4(f) WEIGHT(f), WEIGHT(f + 1), WEIGHT(f + 2), WEIGHT(f + 3)
#define WEIGHTS16(f) WEIGHTS4(f), WEIGHTS4(f + 4), WEIGHTS4(f + 8), WEIGHTS4(f + 12)
#define WEIGHTS64(f) WEIGHTS16(f), WEIGHTS16(f + 16), WEIGHTS16(f + 32), WEIGHTS16(f + 48)
static const uint64_t weights[257] = {
    WEIGHTS64(0), WEIGHTS64(64), WEIGHTS64(128), WEIGHTS64(192), WEIGHT(256)
};

// Bilinear blend of four pixels, given as pairs (right << 32 | left) for the
// top and bottom rows, with 8-bit fractions fx and fy; within one unit of
// the exact result, unbiased.
//
// Two channels at a time sit in 16-bit lanes of a 64-bit word (eight bits
// of headroom each), so that one multiplication weighs four lanes at once,
// and the high half of (right:left) * (256 - fx:fx) is the horizontal blend.
static inline uint32_t blend(uint64_t top, uint64_t bottom, uint32_t fx, uint32_t fy)
{
    const uint64_t lanes = 0x00FF00FF00FF00FFu, round = 0x00FF00FF00000000u;
    uint32_t gy = 256 - fy;
    // Vertically, both columns at once (truncating)...
    uint64_t rb = ((top & lanes) * gy + (bottom & lanes) * fy) >> 8 & lanes;
    uint64_t ag = ((top >> 8 & lanes) * gy + (bottom >> 8 & lanes) * fy) >> 8 & lanes;
    // ...then horizontally, rounding up by 255 / 256 to make up for that.
    uint64_t wx = weights[fx];
    rb = (rb * wx + round) >> 40 & 0x00FF00FFu;
    ag = (ag * wx + round) >> 32 & 0xFF00FF00u;
    return (uint32_t)(rb | ag);
}

static inline uint64_t pair(uint32_t left, uint32_t right)
{
    return (uint64_t)right << 32 | left;
}

// The pair of pixels at p, as pair(p[0], p[1]), in a single load if possible.
static inline uint64_t load_pair(const uint32_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t q;
    memcpy(&q, p, sizeof q);
    return q;
#else
    return pair(p[0], p[1]);
#endif
}

// Sample at 16.16 position (x, y), with 0 <= x < wrap.
static inline uint32_t sample(image s, int64_t x, int64_t y)
{
    if (y < 0)
        y = 0;
    else if (y > s.max_y)
        y = s.max_y;
    int xi = (int)(x >> 16), xj = xi + 1 < s.width ? xi + 1 : 0;
    int yi = (int)(y >> 16);
    const uint32_t *r0 = s.pixels + (ptrdiff_t)yi * s.stride;
    const uint32_t *r1 = yi + 1 < s.height ? r0 + s.stride : r0;
    return blend(pair(r0[xi], r0[xj]), pair(r1[xi], r1[xj]), (uint32_t)(x >> 8) & 0xFF,
                 (uint32_t)(y >> 8) & 0xFF);
}

// Sample at 16.16 position (x, y), with 0 <= x < wrap - 1.0 and 0 <= y < max_y.
static inline uint32_t sample_inside(image s, int64_t x, int64_t y)
{
    const uint32_t *r0 = s.pixels + (ptrdiff_t)(y >> 16) * s.stride + (x >> 16);
    const uint32_t *r1 = r0 + s.stride;
    return blend(load_pair(r0), load_pair(r1), (uint32_t)(x >> 8) & 0xFF,
                 (uint32_t)(y >> 8) & 0xFF);
}

// Fills n pixels from source position (x, y) in steps of (dx, dy), all 16.16,
// with |dx| < wrap.
static void draw_span(image s, uint32_t *dst, int n, int64_t x, int64_t dx, int64_t y, int64_t dy)
{
    if (x >= s.wrap)
        x -= s.wrap;
    else if (x < 0)
        x += s.wrap;
    // Positions are linear along the span, so checking its ends suffices.
    int64_t x_end = x + dx * (n - 1), y_end = y + dy * (n - 1);
    if (x < s.wrap - 65536 && x_end >= 0 && x_end < s.wrap - 65536
        && y >= 0 && y < s.max_y && y_end >= 0 && y_end < s.max_y) {
        if (y >> 16 == y_end >> 16) {
            // One pair of source rows (and so a monotonic y, too).
            const uint32_t *r0 = s.pixels + (ptrdiff_t)(y >> 16) * s.stride, *r1 = r0 + s.stride;
            for (int i = 0; i < n; i++, x += dx, y += dy) {
                dst[i] = blend(load_pair(r0 + (x >> 16)), load_pair(r1 + (x >> 16)),
                               (uint32_t)(x >> 8) & 0xFF, (uint32_t)(y >> 8) & 0xFF);
            }
            return;
        }
        for (int i = 0; i < n; i++, x += dx, y += dy) {
            dst[i] = sample_inside(s, x, y);
        }
        return;
    }
    for (int i = 0; i < n; i++, y += dy) {
        dst[i] = sample(s, x, y);
        x += dx;
        if (x >= s.wrap)
            x -= s.wrap;
        else if (x < 0)
            x += s.wrap;
    }
}

static void draw_exact(const context *c, int x0, int y0, int x1, int y1)
{
    image s = c->source;
    for (int py = y0; py < y1; py++) {
        uint32_t *row = c->target + (ptrdiff_t)py * c->target_stride;
        for (int px = x0; px < x1; px++) {
            point p = project(c, px + 0.5, py + 0.5);
            int64_t x = fixed(p.x), y = fixed(p.y);
            if (x >= s.wrap)
                x = 0;
            row[px] = sample(s, x, y);
        }
    }
}

// Corners unwrapped to within half a turn of each other.
static void draw_interpolated(const context *c, int x0, int y0, int x1, int y1,
                              point p00, point p10, point p01, point p11)
{
    int n = x1 - x0;
    double across = 1.0 / n, down = 1.0 / (y1 - y0);
    // Left and right ends of the first row's span, and their steps per row.
    double lx = p00.x + (p01.x - p00.x) * 0.5 * down, ly = p00.y + (p01.y - p00.y) * 0.5 * down;
    double rx = p10.x + (p11.x - p10.x) * 0.5 * down, ry = p10.y + (p11.y - p10.y) * 0.5 * down;
    double lx_step = (p01.x - p00.x) * down, ly_step = (p01.y - p00.y) * down;
    double rx_step = (p11.x - p10.x) * down, ry_step = (p11.y - p10.y) * down;
    uint32_t *row = c->target + (ptrdiff_t)y0 * c->target_stride + x0;
    for (int py = y0; py < y1; py++) {
        double dx = (rx - lx) * across, dy = (ry - ly) * across;
        draw_span(c->source, row, n, fixed(lx + 0.5 * dx), fixed(dx), fixed(ly + 0.5 * dy), fixed(dy));
        row += c->target_stride;
        lx += lx_step;
        ly += ly_step;
        rx += rx_step;
        ry += ry_step;
    }
}

// Draws target pixels [x0, x1) x [y0, y1), given the exact source positions
// of its corners (p10 is the top right one) and bounds kx and ky on the
// mapping's second derivatives along x and y.
static void draw_block(const context *c, int x0, int y0, int x1, int y1,
                       point p00, point p10, point p01, point p11, double kx, double ky)
{
    double w = c->width;
    p10.x = unwrap(p10.x, p00.x, w);
    p01.x = unwrap(p01.x, p00.x, w);
    p11.x = unwrap(p11.x, p00.x, w);
    double lo = minimum(minimum(p00.x, p10.x), minimum(p01.x, p11.x));
    double hi = maximum(maximum(p00.x, p10.x), maximum(p01.x, p11.x));
    double top = minimum(minimum(p00.y, p10.y), minimum(p01.y, p11.y));
    double bottom = maximum(maximum(p00.y, p10.y), maximum(p01.y, p11.y));
    // The corners of a block around a pole point all around the compass.
    int around_pole = hi - lo > 0.25 * w;
    int near_pole = top < c->pole_top || bottom > c->pole_bottom;
    int tiny = x1 - x0 <= MIN_BLOCK && y1 - y0 <= MIN_BLOCK;
    double width = x1 - x0, height = y1 - y0;
    double error = (width * width * kx + height * height * ky) / 8;

    if (!around_pole && error <= TOLERANCE && (tiny || !near_pole)) {
        draw_interpolated(c, x0, y0, x1, y1, p00, p10, p01, p11);
        return;
    }
    if (tiny) {
        draw_exact(c, x0, y0, x1, y1);
        return;
    }
    int xm = x0 + (x1 - x0) / 2, ym = y0 + (y1 - y0) / 2;
    point m = project(c, xm, ym);
    point top_m = project(c, xm, y0), bottom_m = project(c, xm, y1);
    point left_m = project(c, x0, ym), right_m = project(c, x1, ym);
    // Finer curvature estimates, from the nine points at hand.
    if (xm > x0) {
        double a = xm - x0, b = x1 - xm;
        kx = maximum(curvature(c, p00, top_m, p10, a, b), curvature(c, left_m, m, right_m, a, b));
        kx = maximum(kx, curvature(c, p01, bottom_m, p11, a, b));
    }
    if (ym > y0) {
        double a = ym - y0, b = y1 - ym;
        ky = maximum(curvature(c, p00, left_m, p01, a, b), curvature(c, top_m, m, bottom_m, a, b));
        ky = maximum(ky, curvature(c, p10, right_m, p11, a, b));
    }
    if (xm > x0 && ym > y0)
        draw_block(c, x0, y0, xm, ym, p00, top_m, left_m, m, kx, ky);
    if (ym > y0)
        draw_block(c, xm, y0, x1, ym, top_m, p10, m, right_m, kx, ky);
    if (xm > x0)
        draw_block(c, x0, ym, xm, y1, left_m, m, p01, bottom_m, kx, ky);
    draw_block(c, xm, ym, x1, y1, m, right_m, bottom_m, p11, kx, ky);
}

// Curvature bounds at the corners of one row, from its neighbouring rows.
static void corner_curvatures(const context *c, int n, const double *gx, double ha, double hb,
                              const point *above, const point *row, const point *below,
                              double *kx, double *ky)
{
    for (int i = 0; i <= n; i++) {
        kx[i] = curvature(c, row[i - 1], row[i], row[i + 1], gx[i] - gx[i - 1], gx[i + 1] - gx[i]);
        ky[i] = curvature(c, above[i], row[i], below[i], ha, hb);
    }
}

void openmaps_draw_equirectangular(openmaps_pixels target, openmaps_pixels source,
                                   const double camera[9], double focal,
                                   double centre_x, double centre_y,
                                   double heading_offset)
{
    if (!target.pixels || target.width <= 0 || target.height <= 0 || target.stride < target.width)
        return;
    if (!source.pixels || source.width <= 0 || source.height <= 0 || source.stride < source.width)
        return;
    if (!camera || !isfinite(focal) || !isfinite(centre_x) || !isfinite(centre_y)
        || !isfinite(heading_offset))
        return;
    for (int i = 0; i < 9; i++)
        if (!isfinite(camera[i]))
            return;

    context c;
    for (int i = 0; i < 3; i++) {
        c.forward[i] = camera[i] * focal;
        c.right[i] = camera[3 + i];
        c.up[i] = camera[6 + i];
    }
    c.centre_x = centre_x;
    c.centre_y = centre_y;
    c.heading_offset = heading_offset;
    c.width = source.width;
    c.height = source.height;
    c.pole_top = (0.5 - POLE_PITCH / PI) * c.height - 0.5;
    c.pole_bottom = (0.5 + POLE_PITCH / PI) * c.height - 0.5;
    c.pole_scale = 1 / cos(POLE_PITCH);
    c.source.pixels = source.pixels;
    c.source.stride = source.stride;
    c.source.width = source.width;
    c.source.height = source.height;
    c.source.wrap = (int64_t)source.width << 16;
    c.source.max_y = (int64_t)(source.height - 1) << 16;
    c.target = target.pixels;
    c.target_stride = target.stride;

    // Corners are cached for a strip of blocks at a time, four rows of them
    // (each row has an extra corner at either end), for second differences
    // around the row of blocks being drawn. Corners beyond the edges of the
    // target are a block apart from the last ones inside.
    point rows[4][STRIP + 3], *above = rows[0] + 1, *row0 = rows[1] + 1, *row1 = rows[2] + 1,
                              *below = rows[3] + 1;
    double curves[4][STRIP + 1], *kx0 = curves[0], *ky0 = curves[1], *kx1 = curves[2],
                                 *ky1 = curves[3];
    double gx_[STRIP + 3], *gx = gx_ + 1;
    int xs[STRIP + 1];
    for (int x0 = 0; x0 < target.width;) {
        int n = 0;
        xs[0] = x0;
        while (n < STRIP && xs[n] < target.width) {
            int x = xs[n];
            xs[++n] = target.width - x > BLOCK ? x + BLOCK : target.width;
        }
        for (int i = 0; i <= n; i++)
            gx[i] = xs[i];
        gx[-1] = gx[0] - BLOCK;
        gx[n + 1] = gx[n] + BLOCK;

        int y0 = 0, y1 = target.height > BLOCK ? BLOCK : target.height;
        for (int i = -1; i <= n + 1; i++) {
            above[i] = project(&c, gx[i], -BLOCK);
            row0[i] = project(&c, gx[i], 0);
            row1[i] = project(&c, gx[i], y1);
        }
        corner_curvatures(&c, n, gx, BLOCK, y1, above, row0, row1, kx0, ky0);
        for (;;) {
            double below_y = y1 == target.height ? (double)y1 + BLOCK
                           : target.height - y1 > BLOCK ? y1 + BLOCK : target.height;
            for (int i = -1; i <= n + 1; i++)
                below[i] = project(&c, gx[i], below_y);
            corner_curvatures(&c, n, gx, y1 - y0, below_y - y1, row0, row1, below, kx1, ky1);
            for (int i = 0; i < n; i++) {
                double kx = maximum(maximum(kx0[i], kx0[i + 1]), maximum(kx1[i], kx1[i + 1]));
                double ky = maximum(maximum(ky0[i], ky0[i + 1]), maximum(ky1[i], ky1[i + 1]));
                draw_block(&c, xs[i], y0, xs[i + 1], y1, row0[i], row0[i + 1], row1[i], row1[i + 1],
                           kx, ky);
            }
            if (y1 == target.height)
                break;
            // Move down a row of blocks.
            point *spare = above;
            above = row0;
            row0 = row1;
            row1 = below;
            below = spare;
            double *spare_x = kx0, *spare_y = ky0;
            kx0 = kx1;
            ky0 = ky1;
            kx1 = spare_x;
            ky1 = spare_y;
            y0 = y1;
            y1 = (int)below_y;
        }
        x0 = xs[n];
    }
}

#include "raster.h"
#include <math.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Narrows [*lo, *hi] to where a * x + b >= 0; returns 0 when nothing is left.
static int keep_nonnegative(double a, double b, double *lo, double *hi) {
    if (a > 0) {
        double x = -b / a;
        if (x > *lo) *lo = x;
    } else if (a < 0) {
        double x = -b / a;
        if (x < *hi) *hi = x;
    } else if (b < 0) {
        return 0;
    }
    return *lo <= *hi;
}

/// Two channels (8 bits each, 16 apart) blended by a weight in 0...256.
static inline uint32_t lerp_pair(uint32_t a, uint32_t b, uint32_t w) {
    return ((a * (256 - w) + b * w) >> 8) & 0x00FF00FFu;
}

static inline uint32_t lerp(uint32_t a, uint32_t b, uint32_t w) {
    return lerp_pair(a & 0x00FF00FFu, b & 0x00FF00FFu, w) | (lerp_pair((a >> 8) & 0x00FF00FFu, (b >> 8) & 0x00FF00FFu, w) << 8);
}

/// A premultiplied pixel scaled by a weight in 0...256.
static inline uint32_t scale(uint32_t p, uint32_t w) {
    return (((p & 0x00FF00FFu) * w >> 8) & 0x00FF00FFu) | ((((p >> 8) & 0x00FF00FFu) * w) & 0xFF00FF00u);
}

/// A premultiplied pixel composited over another.
static inline uint32_t over(uint32_t p, uint32_t below) {
    const uint32_t a = p >> 24;
    return p + scale(below, 256 - a - (a >> 7));
}

/// The bilinear sample at a 16.16 point (within the part, whose right and bottom ends are
/// `px1`, `py1`).
static inline uint32_t sample(openmaps_pixels source, int32_t fu, int32_t fv, int px1, int py1) {
    int iu = fu >> 16, iv = fv >> 16;
    uint32_t wu = (fu >> 8) & 0xFF, wv = (fv >> 8) & 0xFF;
    const int iv1 = iv + 1 < py1 ? iv + 1 : iv;
    const uint32_t *r0 = source.pixels + (long)iv * source.stride;
    const uint32_t *r1 = source.pixels + (long)iv1 * source.stride;
#if defined(__SSE2__)
    if (iu + 1 >= px1) {
        // At the right edge: the pair to its left, weighted wholly to the right.
        if (iu == 0) return lerp(r0[0], r1[0], wv);
        iu -= 1;
        wu = 256;
    }
    const __m128i zero = _mm_setzero_si128();
    const __m128i top = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(r0 + iu)), zero);
    const __m128i bottom = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(r1 + iu)), zero);
    const __m128i column = _mm_srli_epi16(
        _mm_add_epi16(_mm_mullo_epi16(top, _mm_set1_epi16((short)(256 - wv))), _mm_mullo_epi16(bottom, _mm_set1_epi16((short)wv))), 8);
    const short l = (short)(256 - wu), r = (short)wu;
    const __m128i weighted = _mm_mullo_epi16(column, _mm_set_epi16(r, r, r, r, l, l, l, l));
    const __m128i sum = _mm_srli_epi16(_mm_add_epi16(weighted, _mm_srli_si128(weighted, 8)), 8);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(sum, sum));
#else
    const int iu1 = iu + 1 < px1 ? iu + 1 : iu;
    return lerp(lerp(r0[iu], r0[iu1], wu), lerp(r1[iu], r1[iu1], wu), wv);
#endif
}

/// Pixels between exactly computed samples.
#define SPAN 16

/// The source point (less half a pixel, so that pixel centres sample exactly) under a target
/// x on a row; 0 when it is behind the eye.
static inline int source_point(const double m[9], double xc, double ub, double vb, double wb, double *u, double *v) {
    const double w = m[6] * xc + wb;
    if (w <= 1e-12) return 0;
    const double r = 1.0 / w;
    *u = (m[0] * xc + ub) * r - 0.5;
    *v = (m[3] * xc + vb) * r - 0.5;
    return 1;
}

/// One row's walk across a piece: where it is, where it ends, and its exact source point
/// at its next span's start.
typedef struct {
    uint32_t *row;
    double ub, vb, wb;
    double u0, v0;
    int x, x1;
} row_walk;

/// Where row `y` is drawn between columns `cx0` and `cx1` (half open): the pixels whose
/// source points lie in front of the eye and inside `bounds`, one run of them, since each
/// condition holds on a half-line. Fills in the walk's run and its exact source point at the
/// run's start; 0 when the row draws nothing.
static int row_span(const double m[9], const double bounds[4], int y, int cx0, int cx1, row_walk *w) {
    const double yc = y + 0.5;
    const double ub = m[1] * yc + m[2], vb = m[4] * yc + m[5], wb = m[7] * yc + m[8];
    double lo = cx0 + 0.5, hi = cx1 - 0.5;
    if (!keep_nonnegative(m[6], wb - 1e-9, &lo, &hi)) return 0;
    if (!keep_nonnegative(m[0] - bounds[0] * m[6], ub - bounds[0] * wb, &lo, &hi)) return 0;
    if (!keep_nonnegative(bounds[2] * m[6] - m[0], bounds[2] * wb - ub, &lo, &hi)) return 0;
    if (!keep_nonnegative(m[3] - bounds[1] * m[6], vb - bounds[1] * wb, &lo, &hi)) return 0;
    if (!keep_nonnegative(bounds[3] * m[6] - m[3], bounds[3] * wb - vb, &lo, &hi)) return 0;
    int x0 = (int)ceil(lo - 0.5), x1 = (int)floor(hi - 0.5);
    if (x0 < cx0) x0 = cx0;
    if (x1 > cx1 - 1) x1 = cx1 - 1;
    if (x0 > x1) return 0;
    if (!source_point(m, x0 + 0.5, ub, vb, wb, &w->u0, &w->v0)) return 0;
    w->ub = ub;
    w->vb = vb;
    w->wb = wb;
    w->x = x0;
    w->x1 = x1;
    return 1;
}

/// The part of a source sampled (x0, y0, x1, y1), cut to the source; 0 when nothing is left.
static int clamp_part(const int part[4], int width, int height, int sampled[4]) {
    sampled[0] = part[0] < 0 ? 0 : part[0];
    sampled[1] = part[1] < 0 ? 0 : part[1];
    sampled[2] = part[2] > width ? width : part[2];
    sampled[3] = part[3] > height ? height : part[3];
    return sampled[0] < sampled[2] && sampled[1] < sampled[3];
}

/// Asks for the source lines of a row's next span: where it starts and 8 pixels on, both
/// rows a sample reads. That span is drawn after a span of each other row in the block, so
/// its lines arrive while those are drawn (a turned or tilted tile's rows are read sparsely,
/// and the loads of a span otherwise wait on memory one after another).
static inline void prefetch_span(openmaps_pixels source, int64_t fu, int64_t fv, int64_t du, int64_t dv,
                                 int px0, int py0, int px1, int py1) {
    for (int k = 0; k < 2; k++, fu += du * 8, fv += dv * 8) {
        long iu = (long)(fu >> 16), iv = (long)(fv >> 16);
        if (iu < px0) iu = px0;
        if (iu > px1 - 1) iu = px1 - 1;
        if (iv < py0) iv = py0;
        if (iv > py1 - 1) iv = py1 - 1;
        const long iv1 = iv + 1 < py1 ? iv + 1 : iv;
        __builtin_prefetch(source.pixels + iv * source.stride + iu);
        __builtin_prefetch(source.pixels + iv1 * source.stride + iu);
    }
}

/// Rows walked together, a span of each in turn: neighbouring rows read neighbouring source
/// pixels, so a block of rows reads each source cache line and page while it is still at
/// hand (a row at a time, a turned or tilted tile's row crosses hundreds of source rows
/// before the next row comes back to them). Every pixel is computed exactly as a row at a
/// time computes it.
#define ROWS 16
#define MAX_ROWS 64

/// A source coordinate in 16.16 fixed point, not clamped into the part but kept within 2^20
/// pixels of it (so that it stays far from overflowing).
static inline int64_t to_wide_fixed(double value, int low, double high) {
    if (!(value >= low - 1048576.0)) value = low - 1048576.0;  /* also NaN */
    if (value > high + 1048576.0) value = high + 1048576.0;
    return (int64_t)(value * 65536.0);
}

static inline int64_t clamp64(int64_t value, int64_t low, int64_t high) {
    return value < low ? low : value > high ? high : value;
}

/// Draws one span of a row (up to SPAN pixels) and moves the walk past it: exact at the
/// span's ends, linear in between (16.16 fixed point), the error of the linear steps far
/// below a pixel on a span this short. A span reaching past the part (at a piece's edges)
/// steps between its true ends and clamps each sample into the part, so that the samples
/// before the edge stay where they belong.
static inline void walk_span(row_walk *w, const double m[9], openmaps_pixels source, int px0, int py0, int px1, int py1,
                             double maxU, double maxV, int alpha) {
    const int n = w->x1 - w->x + 1 < SPAN ? w->x1 - w->x + 1 : SPAN;
    double u1, v1;
    if (!source_point(m, w->x + n + 0.5, w->ub, w->vb, w->wb, &u1, &v1)) {
        u1 = w->u0;
        v1 = w->v0;
    }
    const int64_t lowU = (int64_t)px0 << 16, lowV = (int64_t)py0 << 16;
    const int64_t highU = (int64_t)(maxU * 65536.0), highV = (int64_t)(maxV * 65536.0);
    const int64_t su = to_wide_fixed(w->u0, px0, maxU), sv = to_wide_fixed(w->v0, py0, maxV);
    const int64_t eu = to_wide_fixed(u1, px0, maxU), ev = to_wide_fixed(v1, py0, maxV);
    const int inside = su >= lowU && su <= highU && eu >= lowU && eu <= highU && sv >= lowV && sv <= highV && ev >= lowV
        && ev <= highV;
    uint32_t *d = w->row + w->x;
    if (inside) {
        int32_t fu = (int32_t)su, fv = (int32_t)sv;
        const int32_t du = (int32_t)((eu - su) / n), dv = (int32_t)((ev - sv) / n);
        prefetch_span(source, eu, ev, du, dv, px0, py0, px1, py1);
        if (alpha == 256) {
            for (int i = 0; i < n; i++, fu += du, fv += dv) {
                const uint32_t p = sample(source, fu, fv, px1, py1);
                d[i] = p >= 0xFF000000u ? p : over(p, d[i]);
            }
        } else {
            for (int i = 0; i < n; i++, fu += du, fv += dv) {
                d[i] = over(scale(sample(source, fu, fv, px1, py1), (uint32_t)alpha), d[i]);
            }
        }
    } else {
        const int64_t du = (eu - su) / n, dv = (ev - sv) / n;
        for (int i = 0; i < n; i++) {
            const int32_t fu = (int32_t)clamp64(su + du * i, lowU, highU), fv = (int32_t)clamp64(sv + dv * i, lowV, highV);
            const uint32_t p = sample(source, fu, fv, px1, py1);
            if (alpha == 256) {
                d[i] = p >= 0xFF000000u ? p : over(p, d[i]);
            } else {
                d[i] = over(scale(p, (uint32_t)alpha), d[i]);
            }
        }
    }
    w->x += n;
    w->u0 = u1;
    w->v0 = v1;
}

void openmaps_draw_projected(openmaps_pixels target, const int clip[4],
                             openmaps_pixels source, const int part[4],
                             const double m[9], const double bounds[4],
                             int alpha) {
    openmaps_draw_projected_rows(target, clip, source, part, m, bounds, alpha, ROWS);
}

void openmaps_draw_projected_rows(openmaps_pixels target, const int clip[4],
                                  openmaps_pixels source, const int part[4],
                                  const double m[9], const double bounds[4],
                                  int alpha, int rows) {
    if (rows < 1) rows = 1;
    if (rows > MAX_ROWS) rows = MAX_ROWS;
    int cx0 = clip[0] < 0 ? 0 : clip[0], cy0 = clip[1] < 0 ? 0 : clip[1];
    int cx1 = clip[2] > target.width ? target.width : clip[2];
    int cy1 = clip[3] > target.height ? target.height : clip[3];
    int sampled[4];
    if (cx0 >= cx1 || cy0 >= cy1 || !clamp_part(part, source.width, source.height, sampled) || alpha <= 0) return;
    const int px0 = sampled[0], py0 = sampled[1], px1 = sampled[2], py1 = sampled[3];
    if (alpha > 256) alpha = 256;
    const double maxU = px1 - 1, maxV = py1 - 1;
    for (int top = cy0; top < cy1; top += rows) {
        row_walk walks[MAX_ROWS];
        int count = 0;
        const int bottom = top + rows < cy1 ? top + rows : cy1;
        for (int y = top; y < bottom; y++) {
            row_walk *w = &walks[count];
            if (!row_span(m, bounds, y, cx0, cx1, w)) continue;
            w->row = target.pixels + (long)y * target.stride;
            count++;
        }
        // A span of each row in turn, until every row is done.
        for (int active = count; active > 0;) {
            active = 0;
            for (int i = 0; i < count; i++) {
                row_walk *w = &walks[i];
                if (w->x > w->x1) continue;
                walk_span(w, m, source, px0, py0, px1, py1, maxU, maxV, alpha);
                active += w->x <= w->x1;
            }
        }
    }
}

/// Spans of one row, by where they start.
static void sort_spans(int *x0, int *x1, int n) {
    for (int i = 1; i < n; i++) {
        const int a = x0[i], b = x1[i];
        int j = i - 1;
        for (; j >= 0 && x0[j] > a; j--) {
            x0[j + 1] = x0[j];
            x1[j + 1] = x1[j];
        }
        x0[j + 1] = a;
        x1[j + 1] = b;
    }
}

/// Rows with more covering pieces than this are filled whole (what the pieces draw after
/// still lands on top).
#define MAX_COVERS 64

void openmaps_fill_uncovered(openmaps_pixels target, const int clip[4], const openmaps_cover *covers, int count,
                             uint32_t pixel) {
    int cx0 = clip[0] < 0 ? 0 : clip[0], cy0 = clip[1] < 0 ? 0 : clip[1];
    int cx1 = clip[2] > target.width ? target.width : clip[2];
    int cy1 = clip[3] > target.height ? target.height : clip[3];
    if (cx0 >= cx1 || cy0 >= cy1) return;
    if (count < 0 || covers == NULL) count = 0;
    for (int y = cy0; y < cy1; y++) {
        int x0[MAX_COVERS], x1[MAX_COVERS], n = 0, whole = 0;
        for (int i = 0; i < count && !whole; i++) {
            const openmaps_cover *c = &covers[i];
            // A piece openmaps_draw_projected skips covers nothing.
            int sampled[4];
            if (!clamp_part(c->part, c->source_width, c->source_height, sampled)) continue;
            if (y < c->clip[1] || y >= c->clip[3] || y >= target.height) continue;
            int jx0 = c->clip[0] < 0 ? 0 : c->clip[0];
            int jx1 = c->clip[2] > target.width ? target.width : c->clip[2];
            if (jx0 < cx0) jx0 = cx0;
            if (jx1 > cx1) jx1 = cx1;
            if (jx0 >= jx1) continue;
            row_walk w;
            if (!row_span(c->inverse, c->bounds, y, jx0, jx1, &w)) continue;
            if (n == MAX_COVERS) {
                whole = 1;
                break;
            }
            x0[n] = w.x;
            x1[n] = w.x1;
            n++;
        }
        uint32_t *row = target.pixels + (long)y * target.stride;
        if (whole) n = 0;
        sort_spans(x0, x1, n);
        int x = cx0;
        for (int i = 0; i <= n; i++) {
            const int end = i < n ? x0[i] : cx1;
            for (; x < end; x++) row[x] = pixel;
            if (i < n && x1[i] + 1 > x) x = x1[i] + 1;
        }
    }
}

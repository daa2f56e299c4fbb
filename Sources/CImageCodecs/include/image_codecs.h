#ifndef OPENMAPS_IMAGE_CODECS_H
#define OPENMAPS_IMAGE_CODECS_H
#include <stddef.h>
#include <stdint.h>

/// Pixels are 32-bit premultiplied ARGB in native byte order (cairo's ARGB32),
/// rows `stride` bytes apart. Every function returns 0 on success and a
/// non-zero code on failure, writing a short message to `error` (may be NULL).
/// Buffers returned through `out` are allocated with malloc; free them with
/// om_codec_free.

int om_png_encode(const uint8_t *pixels, int width, int height, int stride,
                  int compression_level, uint8_t **out, size_t *out_size,
                  char *error, size_t error_size);

/// Decodes PNG bytes. `max_pixels` bounds width * height (decompression bombs).
int om_png_decode(const uint8_t *data, size_t size, size_t max_pixels,
                  uint8_t **out_pixels, int *width, int *height,
                  char *error, size_t error_size);

/// Encodes JPEG; `fast_dct` uses libjpeg's fast integer DCT (for frames: quicker, a little
/// less exact) instead of the accurate one.
int om_jpeg_encode(const uint8_t *pixels, int width, int height, int stride,
                   int quality, int fast_dct, uint8_t **out, size_t *out_size,
                   char *error, size_t error_size);

int om_jpeg_decode(const uint8_t *data, size_t size, size_t max_pixels,
                   uint8_t **out_pixels, int *width, int *height,
                   char *error, size_t error_size);

void om_codec_free(void *buffer);
#endif

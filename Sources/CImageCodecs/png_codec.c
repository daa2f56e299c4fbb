// PNG encoding and decoding over libpng, with libpng's longjmp error
// handling kept inside C.
#include "image_codecs.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_error(char *error, size_t error_size, const char *message) {
    if (error && error_size > 0) {
        snprintf(error, error_size, "%s", message);
    }
}

typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
    int failed;
} om_buffer;

static void buffer_write(png_structp png, png_bytep bytes, png_size_t length) {
    om_buffer *buffer = (om_buffer *)png_get_io_ptr(png);
    if (buffer->failed) return;
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity < buffer->size + length) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(buffer->data, capacity);
        if (!grown) {
            buffer->failed = 1;
            png_error(png, "out of memory");
            return;
        }
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, bytes, length);
    buffer->size += length;
}

static void buffer_flush(png_structp png) { (void)png; }

static void png_error_to_jump(png_structp png, png_const_charp message) {
    char *error = (char *)png_get_error_ptr(png);
    if (error) snprintf(error, 128, "%s", message);
    png_longjmp(png, 1);
}

static void png_warning_ignored(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

int om_png_encode(const uint8_t *pixels, int width, int height, int stride,
                  int compression_level, uint8_t **out, size_t *out_size,
                  char *error, size_t error_size) {
    if (!pixels || width <= 0 || height <= 0 || stride < width * 4 || !out || !out_size) {
        set_error(error, error_size, "invalid image");
        return 1;
    }
    char message[128] = "libpng failed";
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, message,
                                              png_error_to_jump, png_warning_ignored);
    if (!png) {
        set_error(error, error_size, "out of memory");
        return 2;
    }
    png_infop info = png_create_info_struct(png);
    om_buffer buffer = {0};
    uint8_t *volatile row = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(buffer.data);
        free(row);
        set_error(error, error_size, message);
        return 3;
    }
    png_set_write_fn(png, &buffer, buffer_write, buffer_flush);
    png_set_compression_level(png, compression_level < 0 ? 1 : (compression_level > 9 ? 9 : compression_level));
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    row = (uint8_t *)malloc((size_t)width * 4);
    if (!row) png_error(png, "out of memory");
    for (int y = 0; y < height; y++) {
        const uint32_t *source = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
        for (int x = 0; x < width; x++) {
            uint32_t argb = source[x];
            uint32_t a = argb >> 24;
            uint32_t r = (argb >> 16) & 0xff, g = (argb >> 8) & 0xff, b = argb & 0xff;
            if (a != 0 && a != 255) {
                r = (r * 255 + a / 2) / a;
                g = (g * 255 + a / 2) / a;
                b = (b * 255 + a / 2) / a;
                if (r > 255) r = 255;
                if (g > 255) g = 255;
                if (b > 255) b = 255;
            }
            row[x * 4 + 0] = (uint8_t)r;
            row[x * 4 + 1] = (uint8_t)g;
            row[x * 4 + 2] = (uint8_t)b;
            row[x * 4 + 3] = (uint8_t)a;
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    *out = buffer.data;
    *out_size = buffer.size;
    return 0;
}

int om_png_decode(const uint8_t *data, size_t size, size_t max_pixels,
                  uint8_t **out_pixels, int *width, int *height,
                  char *error, size_t error_size) {
    if (!data || size == 0 || !out_pixels || !width || !height) {
        set_error(error, error_size, "no data");
        return 1;
    }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        set_error(error, error_size, image.message[0] ? image.message : "not a PNG");
        png_image_free(&image);
        return 2;
    }
    if (image.width == 0 || image.height == 0 ||
        (size_t)image.width * (size_t)image.height > max_pixels || image.width > 1 << 20 || image.height > 1 << 20) {
        set_error(error, error_size, "image too large");
        png_image_free(&image);
        return 3;
    }
    image.format = PNG_FORMAT_BGRA;
    size_t row_bytes = (size_t)image.width * 4;
    uint8_t *pixels = (uint8_t *)malloc(row_bytes * image.height);
    if (!pixels) {
        set_error(error, error_size, "out of memory");
        png_image_free(&image);
        return 4;
    }
    if (!png_image_finish_read(&image, NULL, pixels, (png_int_32)row_bytes, NULL)) {
        set_error(error, error_size, image.message[0] ? image.message : "corrupt PNG");
        png_image_free(&image);
        free(pixels);
        return 5;
    }
    // BGRA bytes are ARGB32 words on little-endian machines; premultiply.
    size_t count = (size_t)image.width * image.height;
    for (size_t i = 0; i < count; i++) {
        uint8_t *p = pixels + i * 4;
        uint32_t a = p[3];
        if (a != 255) {
            p[0] = (uint8_t)((p[0] * a + 127) / 255);
            p[1] = (uint8_t)((p[1] * a + 127) / 255);
            p[2] = (uint8_t)((p[2] * a + 127) / 255);
        }
    }
    *out_pixels = pixels;
    *width = (int)image.width;
    *height = (int)image.height;
    return 0;
}

void om_codec_free(void *buffer) { free(buffer); }

// JPEG encoding and decoding over libjpeg-turbo, with libjpeg's error_exit
// turned into a longjmp that never leaves C.
#include "image_codecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} om_jpeg_error;

static void jpeg_error_exit(j_common_ptr info) {
    om_jpeg_error *error = (om_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

static void jpeg_silent(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

static void copy_error(char *error, size_t error_size, const char *message) {
    if (error && error_size > 0) snprintf(error, error_size, "%s", message);
}

int om_jpeg_encode(const uint8_t *pixels, int width, int height, int stride,
                   int quality, int fast_dct, uint8_t **out, size_t *out_size,
                   char *error, size_t error_size) {
    if (!pixels || width <= 0 || height <= 0 || stride < width * 4 || !out || !out_size) {
        copy_error(error, error_size, "invalid image");
        return 1;
    }
    struct jpeg_compress_struct info;
    om_jpeg_error failure;
    unsigned char *volatile buffer = NULL;
    unsigned long buffer_size = 0;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_error_exit;
    failure.manager.emit_message = jpeg_silent;
    if (setjmp(failure.jump)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        copy_error(error, error_size, failure.message);
        return 2;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, (unsigned char **)&buffer, &buffer_size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 4;
    info.in_color_space = JCS_EXT_BGRX;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality < 1 ? 1 : (quality > 100 ? 100 : quality), TRUE);
    info.dct_method = fast_dct ? JDCT_IFAST : JDCT_ISLOW;
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * (size_t)stride);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *out = buffer;
    *out_size = buffer_size;
    return 0;
}

int om_jpeg_decode(const uint8_t *data, size_t size, size_t max_pixels,
                   uint8_t **out_pixels, int *width, int *height,
                   char *error, size_t error_size) {
    if (!data || size == 0 || !out_pixels || !width || !height) {
        copy_error(error, error_size, "no data");
        return 1;
    }
    struct jpeg_decompress_struct info;
    om_jpeg_error failure;
    uint8_t *volatile pixels = NULL;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_error_exit;
    failure.manager.emit_message = jpeg_silent;
    if (setjmp(failure.jump)) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        copy_error(error, error_size, failure.message);
        return 2;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if (info.image_width == 0 || info.image_height == 0 ||
        (size_t)info.image_width * (size_t)info.image_height > max_pixels) {
        jpeg_destroy_decompress(&info);
        copy_error(error, error_size, "image too large");
        return 3;
    }
    info.out_color_space = JCS_EXT_BGRA;
    jpeg_start_decompress(&info);
    size_t row_bytes = (size_t)info.output_width * 4;
    pixels = (uint8_t *)malloc(row_bytes * info.output_height);
    if (!pixels) {
        jpeg_destroy_decompress(&info);
        copy_error(error, error_size, "out of memory");
        return 4;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.output_scanline * row_bytes);
        jpeg_read_scanlines(&info, &row, 1);
    }
    // A truncated stream is reported as a warning by libjpeg; treat it as corrupt.
    if (failure.manager.num_warnings > 0) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        copy_error(error, error_size, "truncated or corrupt JPEG");
        return 5;
    }
    jpeg_finish_decompress(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    jpeg_destroy_decompress(&info);
    *out_pixels = pixels;
    return 0;
}

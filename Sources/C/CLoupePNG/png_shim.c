#include "png_shim.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/// A growable output buffer fed by libpng's write callback.
typedef struct rdx_png_sink {
    uint8_t *data;
    size_t length;
    size_t capacity;
    int hit_end;  // reading: the data ended before libpng was done (a file cut short)
} rdx_png_sink;

/// Where libpng's error callback leaves its message before the longjmp.
typedef struct rdx_png_failure {
    char message[LOUPE_PNG_MESSAGE_LENGTH];
} rdx_png_failure;

static void rdx_png_error(png_structp png, png_const_charp text) {
    rdx_png_failure *failure = (rdx_png_failure *)png_get_error_ptr(png);
    snprintf(failure->message, LOUPE_PNG_MESSAGE_LENGTH, "%s", text);
    png_longjmp(png, 1);
}

static void rdx_png_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void rdx_png_write(png_structp png, png_bytep bytes, size_t length) {
    rdx_png_sink *sink = (rdx_png_sink *)png_get_io_ptr(png);
    if (sink->length + length > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity : 4096;
        while (capacity < sink->length + length) {
            capacity *= 2;
        }
        uint8_t *grown = realloc(sink->data, capacity);
        if (grown == NULL) {
            png_error(png, "out of memory");
        }
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->length, bytes, length);
    sink->length += length;
}

static void rdx_png_flush(png_structp png) {
    (void)png;
}

int rdx_png_encode(const uint8_t *pixels, int width, int height, size_t row_stride,
                   rdx_png_encode_options options,
                   uint8_t **out_data, size_t *out_length,
                   char message[LOUPE_PNG_MESSAGE_LENGTH]) {
    *out_data = NULL;
    *out_length = 0;
    message[0] = 0;
    if (width <= 0 || height <= 0 || pixels == NULL) {
        snprintf(message, LOUPE_PNG_MESSAGE_LENGTH, "invalid image size %dx%d", width, height);
        return 1;
    }
    if (options.layout == LOUPE_PNG_PALETTE
        && (options.palette_rgba == NULL || options.palette_count < 1 || options.palette_count > 256)) {
        snprintf(message, LOUPE_PNG_MESSAGE_LENGTH, "a palette image needs 1...256 palette entries");
        return 1;
    }
    // Heap-allocated so their addresses stay put across the setjmp.
    rdx_png_sink *sink = calloc(1, sizeof(rdx_png_sink));
    rdx_png_failure *failure = calloc(1, sizeof(rdx_png_failure));
    if (sink == NULL || failure == NULL) {
        free(sink);
        free(failure);
        snprintf(message, LOUPE_PNG_MESSAGE_LENGTH, "out of memory");
        return 1;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, failure, rdx_png_error, rdx_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        png_destroy_write_struct(&png, &info);
        free(sink);
        free(failure);
        snprintf(message, LOUPE_PNG_MESSAGE_LENGTH, "cannot create the libpng writer");
        return 1;
    }
    if (setjmp(png_jmpbuf(png))) {
        snprintf(message, LOUPE_PNG_MESSAGE_LENGTH, "%s", failure->message);
        png_destroy_write_struct(&png, &info);
        free(sink->data);
        free(sink);
        free(failure);
        return 1;
    }
    png_set_write_fn(png, sink, rdx_png_write, rdx_png_flush);
    png_set_compression_level(png, options.compression_level);
    if (options.compression_level == 0) {
        /* Nothing is compressed, so filtering would only cost time on both ends. */
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    } else if (options.single_filter) {
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    }
    if (options.run_length) {
        png_set_compression_strategy(png, Z_RLE);
    }
    int color_type = PNG_COLOR_TYPE_RGBA;
    if (options.layout == LOUPE_PNG_RGB) {
        color_type = PNG_COLOR_TYPE_RGB;
    } else if (options.layout == LOUPE_PNG_PALETTE) {
        color_type = PNG_COLOR_TYPE_PALETTE;
    }
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, color_type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (options.layout == LOUPE_PNG_PALETTE) {
        png_color colors[256];
        png_byte alphas[256];
        int last_translucent = -1;
        for (int i = 0; i < options.palette_count; i++) {
            colors[i].red = options.palette_rgba[i * 4];
            colors[i].green = options.palette_rgba[i * 4 + 1];
            colors[i].blue = options.palette_rgba[i * 4 + 2];
            alphas[i] = options.palette_rgba[i * 4 + 3];
            if (alphas[i] != 255) {
                last_translucent = i;
            }
        }
        png_set_PLTE(png, info, colors, options.palette_count);
        if (last_translucent >= 0) {
            png_set_tRNS(png, info, alphas, last_translucent + 1, NULL);
        }
    }
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * row_stride));
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    *out_data = sink->data;
    *out_length = sink->length;
    free(sink);
    free(failure);
    return 0;
}

void rdx_png_free(void *pointer) {
    free(pointer);
}

static void rdx_png_read(png_structp png, png_bytep bytes, size_t length) {
    rdx_png_sink *source = (rdx_png_sink *)png_get_io_ptr(png);
    if (source->length + length > source->capacity) {
        source->hit_end = 1;
        png_error(png, "unexpected end of PNG data");
    }
    memcpy(bytes, source->data + source->length, length);
    source->length += length;
}

int rdx_png_decode(const uint8_t *data, size_t length, uint64_t max_pixels, int max_side,
                   uint8_t *output, size_t output_capacity,
                   uint8_t **out_pixels, int *out_width, int *out_height,
                   char message[LOUPE_PNG_MESSAGE_LENGTH]) {
    *out_pixels = NULL;
    *out_width = 0;
    *out_height = 0;
    message[0] = 0;
    if (length < 8 || png_sig_cmp(data, 0, 8) != 0) {
        snprintf(message, LOUPE_PNG_MESSAGE_LENGTH, "not a PNG signature");
        return LOUPE_PNG_CORRUPT;
    }
    // Heap-allocated so their addresses stay put across the setjmp; `source` reads `data` (the
    // sink type doubles as a cursor: data, read position, end).
    rdx_png_sink *source = calloc(1, sizeof(rdx_png_sink));
    rdx_png_failure *failure = calloc(1, sizeof(rdx_png_failure));
    uint8_t **pixels_slot = calloc(1, sizeof(uint8_t *));
    // Locals changed after setjmp and read after a longjmp must be volatile.
    png_bytep *volatile rows = NULL;
    if (source == NULL || failure == NULL || pixels_slot == NULL) {
        free(source);
        free(failure);
        free(pixels_slot);
        return LOUPE_PNG_NO_MEMORY;
    }
    source->data = (uint8_t *)data;
    source->capacity = length;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, failure, rdx_png_error, rdx_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        png_destroy_read_struct(&png, &info, NULL);
        free(source);
        free(failure);
        free(pixels_slot);
        return LOUPE_PNG_NO_MEMORY;
    }
    volatile int status = LOUPE_PNG_OK;
    volatile int owned = 1;  // whether *pixels_slot was malloc'ed here
    png_uint_32 width = 0, height = 0;
    if (setjmp(png_jmpbuf(png))) {
        snprintf(message, LOUPE_PNG_MESSAGE_LENGTH, "%s", failure->message);
        status = source->hit_end ? LOUPE_PNG_TRUNCATED : LOUPE_PNG_CORRUPT;
        if (owned) {
            free(*pixels_slot);
        }
        *pixels_slot = NULL;
        goto done;
    }
    png_set_read_fn(png, source, rdx_png_read);
    // A CRC error in any chunk, ancillary ones too, means the bytes were damaged: fail.
    png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    png_read_info(png, info);
    width = png_get_image_width(png, info);
    height = png_get_image_height(png, info);
    *out_width = (int)width;
    *out_height = (int)height;
    if (width > (png_uint_32)max_side || height > (png_uint_32)max_side || (uint64_t)width * height > max_pixels) {
        snprintf(message, LOUPE_PNG_MESSAGE_LENGTH, "%ux%u is over the limit", width, height);
        status = LOUPE_PNG_TOO_LARGE;
        goto done;
    }
    // Everything to 8-bit RGBA: palette and gray expanded, tRNS to alpha, 16-bit scaled
    // (not assumed linear), opaque images given an alpha of 255.
    int color_type = png_get_color_type(png, info);
    png_set_expand(png);
    png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t stride = (size_t)width * 4;
    if (output != NULL && output_capacity >= stride * height) {
        *pixels_slot = output;
        owned = 0;
    } else {
        *pixels_slot = malloc(stride * height);
    }
    png_bytep *row_table = malloc(sizeof(png_bytep) * height);
    rows = row_table;
    if (*pixels_slot == NULL || row_table == NULL) {
        status = LOUPE_PNG_NO_MEMORY;
        if (owned) {
            free(*pixels_slot);
        }
        *pixels_slot = NULL;
        goto done;
    }
    for (png_uint_32 y = 0; y < height; y++) {
        row_table[y] = *pixels_slot + y * stride;
    }
    png_read_image(png, row_table);
    png_read_end(png, NULL);
done:
    png_destroy_read_struct(&png, &info, NULL);
    *out_pixels = *pixels_slot;
    free(rows);
    free(source);
    free(failure);
    free(pixels_slot);
    return status;
}

#include "png_shim.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// A growable output buffer fed by libpng's write callback.
typedef struct rdx_png_sink {
    uint8_t *data;
    size_t length;
    size_t capacity;
    int failed;
} rdx_png_sink;

/// Where libpng's error callback leaves its message before the longjmp.
typedef struct rdx_png_failure {
    char message[RDX_PNG_MESSAGE_LENGTH];
} rdx_png_failure;

static void rdx_png_error(png_structp png, png_const_charp text) {
    rdx_png_failure *failure = (rdx_png_failure *)png_get_error_ptr(png);
    snprintf(failure->message, RDX_PNG_MESSAGE_LENGTH, "%s", text);
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
            sink->failed = 1;
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
                   char message[RDX_PNG_MESSAGE_LENGTH]) {
    *out_data = NULL;
    *out_length = 0;
    message[0] = 0;
    if (width <= 0 || height <= 0 || pixels == NULL) {
        snprintf(message, RDX_PNG_MESSAGE_LENGTH, "invalid image size %dx%d", width, height);
        return 1;
    }
    if (options.layout == RDX_PNG_PALETTE
        && (options.palette_rgba == NULL || options.palette_count < 1 || options.palette_count > 256)) {
        snprintf(message, RDX_PNG_MESSAGE_LENGTH, "a palette image needs 1...256 palette entries");
        return 1;
    }
    // Heap-allocated so their addresses stay put across the setjmp.
    rdx_png_sink *sink = calloc(1, sizeof(rdx_png_sink));
    rdx_png_failure *failure = calloc(1, sizeof(rdx_png_failure));
    if (sink == NULL || failure == NULL) {
        free(sink);
        free(failure);
        snprintf(message, RDX_PNG_MESSAGE_LENGTH, "out of memory");
        return 1;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, failure, rdx_png_error, rdx_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        png_destroy_write_struct(&png, &info);
        free(sink);
        free(failure);
        snprintf(message, RDX_PNG_MESSAGE_LENGTH, "cannot create the libpng writer");
        return 1;
    }
    if (setjmp(png_jmpbuf(png))) {
        snprintf(message, RDX_PNG_MESSAGE_LENGTH, "%s", failure->message);
        png_destroy_write_struct(&png, &info);
        free(sink->data);
        free(sink);
        free(failure);
        return 1;
    }
    png_set_write_fn(png, sink, rdx_png_write, rdx_png_flush);
    png_set_compression_level(png, options.compression_level);
    int color_type = PNG_COLOR_TYPE_RGBA;
    if (options.layout == RDX_PNG_RGB) {
        color_type = PNG_COLOR_TYPE_RGB;
    } else if (options.layout == RDX_PNG_PALETTE) {
        color_type = PNG_COLOR_TYPE_PALETTE;
    }
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, color_type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (options.layout == RDX_PNG_PALETTE) {
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

int rdx_png_decode(const uint8_t *data, size_t length, uint64_t max_pixels, int max_side,
                   uint8_t **out_pixels, int *out_width, int *out_height,
                   char message[RDX_PNG_MESSAGE_LENGTH]) {
    *out_pixels = NULL;
    *out_width = 0;
    *out_height = 0;
    message[0] = 0;
    png_image image;
    memset(&image, 0, sizeof(image));
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, length)) {
        snprintf(message, RDX_PNG_MESSAGE_LENGTH, "%s", image.message);
        png_image_free(&image);
        return RDX_PNG_CORRUPT;
    }
    if (image.width > (png_uint_32)max_side || image.height > (png_uint_32)max_side
        || (uint64_t)image.width * (uint64_t)image.height > max_pixels) {
        snprintf(message, RDX_PNG_MESSAGE_LENGTH, "%ux%u is over the limit", image.width, image.height);
        *out_width = (int)image.width;
        *out_height = (int)image.height;
        png_image_free(&image);
        return RDX_PNG_TOO_LARGE;
    }
    // The simplified API takes 16-bit samples as linear light and would gamma-encode them on the
    // way to 8 bits, brightening the picture. Read them as 16-bit linear (no conversion), then
    // narrow here; that format premultiplies colour by alpha, which is undone.
    int wide = (image.format & PNG_FORMAT_FLAG_LINEAR) != 0;
    image.format = wide ? PNG_FORMAT_LINEAR_RGB_ALPHA : PNG_FORMAT_RGBA;
    size_t size = PNG_IMAGE_SIZE(image);
    uint8_t *pixels = malloc(size);
    if (pixels == NULL) {
        png_image_free(&image);
        return RDX_PNG_NO_MEMORY;
    }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        snprintf(message, RDX_PNG_MESSAGE_LENGTH, "%s", image.message);
        free(pixels);
        png_image_free(&image);
        return RDX_PNG_CORRUPT;
    }
    if (wide) {
        const uint16_t *samples = (const uint16_t *)pixels;
        size_t count = (size_t)image.width * image.height;
        for (size_t i = 0; i < count; i++) {
            uint32_t alpha = samples[i * 4 + 3];
            for (int channel = 0; channel < 3; channel++) {
                uint32_t value = samples[i * 4 + channel];
                if (alpha > 0 && alpha < 65535) {
                    value = (value * 65535u + alpha / 2) / alpha;
                    if (value > 65535u) value = 65535u;
                }
                pixels[i * 4 + channel] = (uint8_t)((value + 128) / 257);
            }
            pixels[i * 4 + 3] = (uint8_t)((alpha + 128) / 257);
        }
        // Narrowed in place, front to back: the buffer's first half now holds the RGBA8 pixels.
    }
    *out_pixels = pixels;
    *out_width = (int)image.width;
    *out_height = (int)image.height;
    return RDX_PNG_OK;
}

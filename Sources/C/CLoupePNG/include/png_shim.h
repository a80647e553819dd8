#ifndef CLOUPE_PNG_SHIM_H
#define CLOUPE_PNG_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// The only interface Swift sees of libpng. The full read and write APIs run behind their own
/// setjmp in C, so a libpng error becomes a non-zero return and a message.

#define LOUPE_PNG_MESSAGE_LENGTH 256

/// Pixel layouts the encoder accepts.
typedef enum rdx_png_layout {
    LOUPE_PNG_RGBA = 0,     ///< 4 bytes a pixel, straight alpha
    LOUPE_PNG_RGB = 1,      ///< 3 bytes a pixel
    LOUPE_PNG_PALETTE = 2,  ///< 1 byte a pixel: an index into `palette_rgba`
} rdx_png_layout;

typedef struct rdx_png_encode_options {
    rdx_png_layout layout;
    int compression_level;        ///< zlib level 0...9
    int single_filter;            ///< non-zero: the UP filter on every row instead of trying all five
    int run_length;               ///< non-zero: zlib's Z_RLE strategy (matches at distance one only)
    const uint8_t *palette_rgba;  ///< LOUPE_PNG_PALETTE: entries of 4 bytes (alpha becomes tRNS)
    int palette_count;            ///< 1...256
} rdx_png_encode_options;

/// Encodes pixels to a PNG held in a malloc'ed buffer the caller frees with `rdx_png_free`.
/// Returns 0 on success.
int rdx_png_encode(const uint8_t *pixels, int width, int height, size_t row_stride,
                   rdx_png_encode_options options,
                   uint8_t **out_data, size_t *out_length,
                   char message[LOUPE_PNG_MESSAGE_LENGTH]);

/// An RGBA PNG (straight alpha, 8 bits a channel) with every row filtered UP and one deflate
/// block of runs at distance one (zlib's Z_RLE matches), written without libpng or zlib's
/// deflate: for thumbnails made in bulk. A malloc'ed buffer the caller frees with
/// `rdx_png_free`. Returns 0 on success, non-zero for a bad size or no memory.
int rdx_png_encode_rle(const uint8_t *pixels, int width, int height, size_t row_stride,
                       uint8_t **out_data, size_t *out_length);

/// Status codes of `rdx_png_decode`.
enum {
    LOUPE_PNG_OK = 0,
    LOUPE_PNG_CORRUPT = 1,    ///< libpng refused the data (bad CRC, not a PNG); `message` says why
    LOUPE_PNG_TRUNCATED = 2,  ///< the data ends before the image does (the read callback ran out)
    LOUPE_PNG_TOO_LARGE = 3,  ///< the header's size is over the limits
    LOUPE_PNG_NO_MEMORY = 4,
};

/// Decodes any PNG (palette, gray, gray+alpha, 16-bit, interlaced, tRNS) to RGBA8 rows: into
/// `output` when it holds `output_capacity` bytes (then `*out_pixels == output`), else into a
/// malloc'ed buffer freed with `rdx_png_free`. Limits are checked on the header first.
int rdx_png_decode(const uint8_t *data, size_t length, uint64_t max_pixels, int max_side,
                   uint8_t *output, size_t output_capacity,
                   uint8_t **out_pixels, int *out_width, int *out_height,
                   char message[LOUPE_PNG_MESSAGE_LENGTH]);

void rdx_png_free(void *pointer);

#endif

#ifndef RICKDEX_PNG_SHIM_H
#define RICKDEX_PNG_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// The only interface Swift sees of libpng. The full write API runs behind its own setjmp in C,
/// so a libpng error becomes a non-zero return and a message.

#define RDX_PNG_MESSAGE_LENGTH 256

/// Pixel layouts the encoder accepts.
typedef enum rdx_png_layout {
    RDX_PNG_RGBA = 0,     ///< 4 bytes a pixel, straight alpha
    RDX_PNG_RGB = 1,      ///< 3 bytes a pixel
    RDX_PNG_PALETTE = 2,  ///< 1 byte a pixel: an index into `palette_rgba`
} rdx_png_layout;

typedef struct rdx_png_encode_options {
    rdx_png_layout layout;
    int compression_level;        ///< zlib level 0...9
    const uint8_t *palette_rgba;  ///< RDX_PNG_PALETTE: entries of 4 bytes (alpha becomes tRNS)
    int palette_count;            ///< 1...256
} rdx_png_encode_options;

/// Encodes pixels to a PNG held in a malloc'ed buffer the caller frees with `rdx_png_free`.
/// Returns 0 on success.
int rdx_png_encode(const uint8_t *pixels, int width, int height, size_t row_stride,
                   rdx_png_encode_options options,
                   uint8_t **out_data, size_t *out_length,
                   char message[RDX_PNG_MESSAGE_LENGTH]);

void rdx_png_free(void *pointer);

#endif

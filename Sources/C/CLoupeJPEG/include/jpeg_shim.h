#ifndef CLOUPE_JPEG_SHIM_H
#define CLOUPE_JPEG_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// The only interface Swift sees of libjpeg. Every function runs the whole libjpeg call sequence
/// behind its own setjmp, so a libjpeg error becomes a non-zero return and a message, never exit().

/// Size of the message buffers callers pass in (libjpeg's JMSG_LENGTH_MAX is 200).
#define LOUPE_JPEG_MESSAGE_LENGTH 256

/// How the encoder lays out the file.
typedef struct rdx_jpeg_encode_options {
    int quality;          ///< 1...100
    int progressive;      ///< non-zero: progressive scans (as the real service's avatars mostly are)
    int color_space;      ///< 0: YCbCr from RGBA; 1: grayscale from RGBA; 2: the 4 bytes are CMYK (Adobe)
    const uint8_t *app1;  ///< optional APP1 (Exif) payload written after the JFIF header
    size_t app1_length;
} rdx_jpeg_encode_options;

/// Encodes RGBA8 pixels (alpha ignored) to a JPEG held in a malloc'ed buffer the caller frees
/// with `rdx_jpeg_free`. Returns 0 on success.
int rdx_jpeg_encode_rgba(const uint8_t *pixels, int width, int height, size_t row_stride,
                         rdx_jpeg_encode_options options,
                         uint8_t **out_data, size_t *out_length,
                         char message[LOUPE_JPEG_MESSAGE_LENGTH]);

/// What the decoder was asked to do.
typedef struct rdx_jpeg_decode_options {
    int scale_num;          ///< output scale scale_num/8, 1...16 (libjpeg-turbo's DCT scaling)
    int first_scan_only;    ///< progressive files: decode only the first (DC) scan, for tiny outputs
    uint64_t max_pixels;    ///< refuse larger images before allocating anything
    int max_side;
    uint8_t *output;        ///< optional: where to write the pixels, if it holds `output_capacity` bytes
    size_t output_capacity; ///< bytes at `output`; too few and the decoder allocates its own
} rdx_jpeg_decode_options;

/// A decoded image: RGBA8 rows, in the caller's `output` when it was large enough (then
/// `pixels == output`), else malloc'ed (free with `rdx_jpeg_free`).
typedef struct rdx_jpeg_decoded {
    uint8_t *pixels;
    int width;               ///< of `pixels`, after scaling
    int height;
    int source_width;        ///< as the header says
    int source_height;
    int progressive;
    int orientation;         ///< Exif orientation 1...8 (1 when absent)
    int warnings;            ///< libjpeg warnings (corrupt data it went past)
} rdx_jpeg_decoded;

/// Status codes of `rdx_jpeg_decode`.
enum {
    LOUPE_JPEG_OK = 0,
    LOUPE_JPEG_CORRUPT = 1,    ///< libjpeg refused the data; `message` says why
    LOUPE_JPEG_TRUNCATED = 2,  ///< the data ends before the image does
    LOUPE_JPEG_TOO_LARGE = 3,  ///< the header's size is over the limits
    LOUPE_JPEG_NO_MEMORY = 4,
    LOUPE_JPEG_UNSUPPORTED = 5, ///< whole, but not decodable here (a 12-bit JPEG); `message` names what
};

/// Reads the header only; fills width, height, progressive and orientation of `result`.
int rdx_jpeg_read_header(const uint8_t *data, size_t length, rdx_jpeg_decoded *result,
                         char message[LOUPE_JPEG_MESSAGE_LENGTH]);

/// Decodes `data` to RGBA8 at the requested scale, converting grayscale and CMYK/YCCK.
int rdx_jpeg_decode(const uint8_t *data, size_t length, rdx_jpeg_decode_options options,
                    rdx_jpeg_decoded *result, char message[LOUPE_JPEG_MESSAGE_LENGTH]);

void rdx_jpeg_free(void *pointer);

#endif

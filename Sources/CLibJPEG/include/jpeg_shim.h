#ifndef RICKDEX_JPEG_SHIM_H
#define RICKDEX_JPEG_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// The only interface Swift sees of libjpeg. Every function runs the whole libjpeg call sequence
/// behind its own setjmp, so a libjpeg error becomes a non-zero return and a message, never exit().

/// Size of the message buffers callers pass in (libjpeg's JMSG_LENGTH_MAX is 200).
#define RDX_JPEG_MESSAGE_LENGTH 256

/// How the encoder lays out the file.
typedef struct rdx_jpeg_encode_options {
    int quality;          ///< 1...100
    int progressive;      ///< non-zero: progressive scans (as the real service's avatars mostly are)
    const uint8_t *app1;  ///< optional APP1 (Exif) payload written after the JFIF header
    size_t app1_length;
} rdx_jpeg_encode_options;

/// Encodes RGBA8 pixels (alpha ignored) to a JPEG held in a malloc'ed buffer the caller frees
/// with `rdx_jpeg_free`. Returns 0 on success.
int rdx_jpeg_encode_rgba(const uint8_t *pixels, int width, int height, size_t row_stride,
                         rdx_jpeg_encode_options options,
                         uint8_t **out_data, size_t *out_length,
                         char message[RDX_JPEG_MESSAGE_LENGTH]);

void rdx_jpeg_free(void *pointer);

#endif

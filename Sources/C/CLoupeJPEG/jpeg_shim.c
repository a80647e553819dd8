#include "jpeg_shim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>
#include <stddef.h>

/// libjpeg's error manager extended with the jump target and the first message.
typedef struct rdx_error_manager {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[LOUPE_JPEG_MESSAGE_LENGTH];
} rdx_error_manager;

static void rdx_error_exit(j_common_ptr info) {
    rdx_error_manager *manager = (rdx_error_manager *)info->err;
    (*info->err->format_message)(info, manager->message);
    longjmp(manager->jump, 1);
}

static void rdx_output_message(j_common_ptr info) {
    (void)info; // Never print to stderr from a library.
}

/// Everything the encoder needs at one stable heap address: libjpeg keeps pointers into it.
typedef struct rdx_encoder {
    struct jpeg_compress_struct cinfo;
    rdx_error_manager error;
    unsigned char *buffer;
    unsigned long length;
} rdx_encoder;

int rdx_jpeg_encode_rgba(const uint8_t *pixels, int width, int height, size_t row_stride,
                         rdx_jpeg_encode_options options,
                         uint8_t **out_data, size_t *out_length,
                         char message[LOUPE_JPEG_MESSAGE_LENGTH]) {
    *out_data = NULL;
    *out_length = 0;
    message[0] = 0;
    if (width <= 0 || height <= 0 || pixels == NULL) {
        snprintf(message, LOUPE_JPEG_MESSAGE_LENGTH, "invalid image size %dx%d", width, height);
        return 1;
    }
    rdx_encoder *encoder = calloc(1, sizeof(rdx_encoder));
    if (encoder == NULL) {
        snprintf(message, LOUPE_JPEG_MESSAGE_LENGTH, "out of memory");
        return 1;
    }
    encoder->cinfo.err = jpeg_std_error(&encoder->error.base);
    encoder->error.base.error_exit = rdx_error_exit;
    encoder->error.base.output_message = rdx_output_message;
    if (setjmp(encoder->error.jump)) {
        snprintf(message, LOUPE_JPEG_MESSAGE_LENGTH, "%s", encoder->error.message);
        jpeg_destroy_compress(&encoder->cinfo);
        free(encoder->buffer);
        free(encoder);
        return 1;
    }
    jpeg_create_compress(&encoder->cinfo);
    jpeg_mem_dest(&encoder->cinfo, &encoder->buffer, &encoder->length);
    encoder->cinfo.image_width = (JDIMENSION)width;
    encoder->cinfo.image_height = (JDIMENSION)height;
    encoder->cinfo.input_components = 4;
    encoder->cinfo.in_color_space = options.color_space == 2 ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_set_defaults(&encoder->cinfo);
    if (options.color_space == 1) {
        jpeg_set_colorspace(&encoder->cinfo, JCS_GRAYSCALE);
    }
    jpeg_set_quality(&encoder->cinfo, options.quality, TRUE);
    encoder->cinfo.optimize_coding = TRUE;
    if (options.progressive) {
        jpeg_simple_progression(&encoder->cinfo);
    }
    jpeg_start_compress(&encoder->cinfo, TRUE);
    if (options.app1 != NULL && options.app1_length > 0) {
        jpeg_write_marker(&encoder->cinfo, JPEG_APP0 + 1, options.app1, (unsigned int)options.app1_length);
    }
    while (encoder->cinfo.next_scanline < encoder->cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)encoder->cinfo.next_scanline * row_stride);
        jpeg_write_scanlines(&encoder->cinfo, &row, 1);
    }
    jpeg_finish_compress(&encoder->cinfo);
    jpeg_destroy_compress(&encoder->cinfo);
    *out_data = encoder->buffer;
    *out_length = (size_t)encoder->length;
    free(encoder);
    return 0;
}

void rdx_jpeg_free(void *pointer) {
    free(pointer);
}

/// Everything the decoder needs at one stable heap address: libjpeg keeps pointers into it.
typedef struct rdx_decoder {
    struct jpeg_decompress_struct cinfo;
    rdx_error_manager error;
    int warnings;
    int damaged;  // warnings that mean the data is damaged, not just unusual
    char damage[LOUPE_JPEG_MESSAGE_LENGTH];
    int hit_eof;
    uint8_t *pixels;
    JSAMPROW row_buffer;
} rdx_decoder;

/// Counts warnings. libjpeg only warns about damaged data (a bad Huffman code, bytes before a
/// marker, a premature end) and goes on, painting gray; JPEG has no checksum, so these warnings
/// are the only sign of damage, and they are kept to fail the decode. A premature end is told
/// apart, since it means the file was cut short.
static void rdx_emit_message(j_common_ptr info, int level) {
    if (level >= 0) {
        return;
    }
    rdx_decoder *decoder = (rdx_decoder *)((char *)info - offsetof(rdx_decoder, cinfo));
    decoder->warnings += 1;
    int code = info->err->msg_code;
    if (code == JWRN_JPEG_EOF) {
        decoder->hit_eof = 1;
    }
    // Unusual but whole: a newer JFIF revision, an unknown Adobe transform, a bad ICC profile.
    int benign = code == JWRN_JFIF_MAJOR || code == JWRN_ADOBE_XFORM
#ifdef JWRN_BOGUS_ICC
                 || code == JWRN_BOGUS_ICC
#endif
        ;
    if (!benign && decoder->damaged++ == 0) {
        (*info->err->format_message)(info, decoder->damage);
    }
}

/// The Exif orientation (TIFF tag 0x0112) from a saved APP1 marker, 1 when absent.
static int rdx_exif_orientation(struct jpeg_decompress_struct *cinfo) {
    for (jpeg_saved_marker_ptr marker = cinfo->marker_list; marker != NULL; marker = marker->next) {
        const uint8_t *d = marker->data;
        size_t n = marker->data_length;
        if (marker->marker != JPEG_APP0 + 1 || n < 14 || memcmp(d, "Exif\0\0", 6) != 0) {
            continue;
        }
        const uint8_t *tiff = d + 6;
        size_t size = n - 6;
        int little = tiff[0] == 'I' && tiff[1] == 'I';
        if (!little && !(tiff[0] == 'M' && tiff[1] == 'M')) {
            return 1;
        }
#define LOUPE_U16(p) (little ? (unsigned)((p)[0] | (p)[1] << 8) : (unsigned)((p)[0] << 8 | (p)[1]))
#define LOUPE_U32(p) (little ? ((uint32_t)(p)[0] | (uint32_t)(p)[1] << 8 | (uint32_t)(p)[2] << 16 | (uint32_t)(p)[3] << 24) \
                           : ((uint32_t)(p)[0] << 24 | (uint32_t)(p)[1] << 16 | (uint32_t)(p)[2] << 8 | (uint32_t)(p)[3]))
        // In size_t: an offset near 2^32 must not wrap around the bounds check (found by fuzzing).
        size_t ifd = LOUPE_U32(tiff + 4);
        if (ifd + 2 > size) {
            return 1;
        }
        unsigned entries = LOUPE_U16(tiff + ifd);
        for (unsigned i = 0; i < entries; i++) {
            size_t entry = ifd + 2 + (size_t)i * 12;
            if (entry + 12 > size) {
                break;
            }
            if (LOUPE_U16(tiff + entry) == 0x0112) {
                unsigned value = LOUPE_U16(tiff + entry + 8);
                return value >= 1 && value <= 8 ? (int)value : 1;
            }
        }
#undef LOUPE_U16
#undef LOUPE_U32
    }
    return 1;
}

static rdx_decoder *rdx_decoder_create(void) {
    rdx_decoder *decoder = calloc(1, sizeof(rdx_decoder));
    if (decoder == NULL) {
        return NULL;
    }
    decoder->cinfo.err = jpeg_std_error(&decoder->error.base);
    decoder->error.base.error_exit = rdx_error_exit;
    decoder->error.base.output_message = rdx_output_message;
    decoder->error.base.emit_message = rdx_emit_message;
    return decoder;
}

static void rdx_decoder_destroy(rdx_decoder *decoder) {
    jpeg_destroy_decompress(&decoder->cinfo);
    free(decoder->row_buffer);
    free(decoder->pixels);
    free(decoder);
}

/// After libjpeg jumped out: keeps its message, frees everything, and tells a cut-short file and
/// an unsupported precision (by libjpeg's error code) from a corrupt one. (The setjmp itself must stay in each caller's frame.)
static int rdx_decoder_fail(rdx_decoder *decoder, char message[LOUPE_JPEG_MESSAGE_LENGTH]) {
    int code = decoder->error.base.msg_code;
    int status = decoder->hit_eof ? LOUPE_JPEG_TRUNCATED : LOUPE_JPEG_CORRUPT;
    if (code == JERR_BAD_PRECISION) {
        // Whole, but in a sample precision this libjpeg was not built for (12-bit, 16-bit).
        snprintf(message, LOUPE_JPEG_MESSAGE_LENGTH, "%d-bit JPEG", decoder->error.base.msg_parm.i[0]);
        status = LOUPE_JPEG_UNSUPPORTED;
    } else {
        snprintf(message, LOUPE_JPEG_MESSAGE_LENGTH, "%s", decoder->error.message);
    }
    rdx_decoder_destroy(decoder);
    return status;
}

/// Reads the header with APP1 saved and fills the size, progressive flag and orientation.
static void rdx_begin(rdx_decoder *decoder, const uint8_t *data, size_t length, rdx_jpeg_decoded *result) {
    jpeg_create_decompress(&decoder->cinfo);
    jpeg_mem_src(&decoder->cinfo, data, (unsigned long)length);
    jpeg_save_markers(&decoder->cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&decoder->cinfo, TRUE);
    result->source_width = (int)decoder->cinfo.image_width;
    result->source_height = (int)decoder->cinfo.image_height;
    result->progressive = jpeg_has_multiple_scans(&decoder->cinfo) ? 1 : 0;
    result->orientation = rdx_exif_orientation(&decoder->cinfo);
}

int rdx_jpeg_read_header(const uint8_t *data, size_t length, rdx_jpeg_decoded *result,
                         char message[LOUPE_JPEG_MESSAGE_LENGTH]) {
    memset(result, 0, sizeof(*result));
    message[0] = 0;
    rdx_decoder *decoder = rdx_decoder_create();
    if (decoder == NULL) {
        return LOUPE_JPEG_NO_MEMORY;
    }
    if (setjmp(decoder->error.jump)) {
        return rdx_decoder_fail(decoder, message);
    }
    rdx_begin(decoder, data, length, result);
    result->width = result->source_width;
    result->height = result->source_height;
    rdx_decoder_destroy(decoder);
    return LOUPE_JPEG_OK;
}

int rdx_jpeg_decode(const uint8_t *data, size_t length, rdx_jpeg_decode_options options,
                    rdx_jpeg_decoded *result, char message[LOUPE_JPEG_MESSAGE_LENGTH]) {
    memset(result, 0, sizeof(*result));
    message[0] = 0;
    rdx_decoder *decoder = rdx_decoder_create();
    if (decoder == NULL) {
        return LOUPE_JPEG_NO_MEMORY;
    }
    if (setjmp(decoder->error.jump)) {
        return rdx_decoder_fail(decoder, message);
    }
    rdx_begin(decoder, data, length, result);
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    if (result->source_width > options.max_side || result->source_height > options.max_side
        || (uint64_t)result->source_width * (uint64_t)result->source_height > options.max_pixels) {
        snprintf(message, LOUPE_JPEG_MESSAGE_LENGTH, "%dx%d is over the limit", result->source_width, result->source_height);
        rdx_decoder_destroy(decoder);
        return LOUPE_JPEG_TOO_LARGE;
    }
    int cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    cinfo->scale_num = (unsigned int)(options.scale_num >= 1 && options.scale_num <= 16 ? options.scale_num : 8);
    cinfo->scale_denom = 8;
    cinfo->dct_method = JDCT_ISLOW;
    // Chroma is resampled again afterwards when scaling down, so the smooth upsampler buys nothing.
    cinfo->do_fancy_upsampling = cinfo->scale_num < 8 ? FALSE : TRUE;
    int dc_only = options.first_scan_only && result->progressive;
    cinfo->buffered_image = dc_only ? TRUE : FALSE;
    jpeg_calc_output_dimensions(cinfo);
    size_t width = cinfo->output_width, height = cinfo->output_height;
    uint8_t *pixels;
    if (options.output != NULL && options.output_capacity >= width * height * 4) {
        pixels = options.output;
    } else {
        decoder->pixels = malloc(width * height * 4);
        pixels = decoder->pixels;
    }
    decoder->row_buffer = malloc(width * 4);
    if (pixels == NULL || decoder->row_buffer == NULL) {
        rdx_decoder_destroy(decoder);
        return LOUPE_JPEG_NO_MEMORY;
    }
    jpeg_start_decompress(cinfo);
    if (dc_only) {
        // Read until the first scan is complete, then output what it holds.
        int status;
        do {
            status = jpeg_consume_input(cinfo);
        } while (status != JPEG_SUSPENDED && status != JPEG_REACHED_EOI
                 && !(status == JPEG_SCAN_COMPLETED && cinfo->input_scan_number >= 1));
        if (status == JPEG_SUSPENDED || decoder->hit_eof) {
            snprintf(message, LOUPE_JPEG_MESSAGE_LENGTH, "premature end of JPEG data");
            rdx_decoder_destroy(decoder);
            return LOUPE_JPEG_TRUNCATED;
        }
        jpeg_start_output(cinfo, cinfo->input_scan_number);
    }
    while (cinfo->output_scanline < cinfo->output_height) {
        size_t y = cinfo->output_scanline;
        JSAMPROW row = cmyk ? decoder->row_buffer : (JSAMPROW)(pixels + y * width * 4);
        jpeg_read_scanlines(cinfo, &row, 1);
        if (cmyk) {
            // Adobe writes CMYK inverted (0 = full ink), which is what libjpeg hands back.
            uint8_t *out = pixels + y * width * 4;
            for (size_t x = 0; x < width; x++) {
                unsigned c = row[x * 4], m = row[x * 4 + 1], yy = row[x * 4 + 2], k = row[x * 4 + 3];
                if (!cinfo->saw_Adobe_marker) {
                    c = 255 - c; m = 255 - m; yy = 255 - yy; k = 255 - k;
                }
                out[x * 4] = (uint8_t)((c * k + 127) / 255);
                out[x * 4 + 1] = (uint8_t)((m * k + 127) / 255);
                out[x * 4 + 2] = (uint8_t)((yy * k + 127) / 255);
                out[x * 4 + 3] = 255;
            }
        }
    }
    if (dc_only) {
        jpeg_finish_output(cinfo);
        jpeg_abort_decompress(cinfo);
    } else {
        jpeg_finish_decompress(cinfo);
    }
    if (decoder->hit_eof) {
        snprintf(message, LOUPE_JPEG_MESSAGE_LENGTH, "premature end of JPEG data");
        rdx_decoder_destroy(decoder);
        return LOUPE_JPEG_TRUNCATED;
    }
    if (decoder->damaged > 0) {
        snprintf(message, LOUPE_JPEG_MESSAGE_LENGTH, "%s", decoder->damage);
        rdx_decoder_destroy(decoder);
        return LOUPE_JPEG_CORRUPT;
    }
    result->pixels = pixels;
    result->width = (int)width;
    result->height = (int)height;
    result->warnings = decoder->warnings;
    decoder->pixels = NULL;
    rdx_decoder_destroy(decoder);
    return LOUPE_JPEG_OK;
}

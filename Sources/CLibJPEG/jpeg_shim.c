#include "jpeg_shim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/// libjpeg's error manager extended with the jump target and the first message.
typedef struct rdx_error_manager {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[RDX_JPEG_MESSAGE_LENGTH];
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
                         char message[RDX_JPEG_MESSAGE_LENGTH]) {
    *out_data = NULL;
    *out_length = 0;
    message[0] = 0;
    if (width <= 0 || height <= 0 || pixels == NULL) {
        snprintf(message, RDX_JPEG_MESSAGE_LENGTH, "invalid image size %dx%d", width, height);
        return 1;
    }
    rdx_encoder *encoder = calloc(1, sizeof(rdx_encoder));
    if (encoder == NULL) {
        snprintf(message, RDX_JPEG_MESSAGE_LENGTH, "out of memory");
        return 1;
    }
    encoder->cinfo.err = jpeg_std_error(&encoder->error.base);
    encoder->error.base.error_exit = rdx_error_exit;
    encoder->error.base.output_message = rdx_output_message;
    if (setjmp(encoder->error.jump)) {
        snprintf(message, RDX_JPEG_MESSAGE_LENGTH, "%s", encoder->error.message);
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
    encoder->cinfo.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&encoder->cinfo);
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

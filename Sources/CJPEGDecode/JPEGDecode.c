#include "CJPEGDecode.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct legible_jpeg {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr errors;
    jmp_buf recovery;
    int created;
    int failed;
    char message[JMSG_LENGTH_MAX + 64];
};

static void legible_jpeg_fail(j_common_ptr common) {
    legible_jpeg *jpeg = (legible_jpeg *)common->client_data;
    common->err->format_message(common, jpeg->message);
    jpeg->failed = 1;
    longjmp(jpeg->recovery, 1);
}

/* Warnings (level -1) end the decode: they mean damaged data. Trace messages (level >= 0) are ignored. */
static void legible_jpeg_message(j_common_ptr common, int level) {
    if (level < 0) {
        legible_jpeg *jpeg = (legible_jpeg *)common->client_data;
        common->err->format_message(common, jpeg->message);
        jpeg->failed = 1;
        longjmp(jpeg->recovery, 1);
    }
}

static int legible_little_endian(void) {
    const uint16_t probe = 1;
    return *(const uint8_t *)&probe == 1;
}

legible_jpeg *legible_jpeg_open(const unsigned char *bytes, size_t count, int reduction) {
    legible_jpeg *jpeg = calloc(1, sizeof(legible_jpeg));
    if (jpeg == NULL) return NULL;
    jpeg->info.err = jpeg_std_error(&jpeg->errors);
    jpeg->errors.error_exit = legible_jpeg_fail;
    jpeg->errors.emit_message = legible_jpeg_message;
    jpeg->info.client_data = jpeg;
    if (setjmp(jpeg->recovery)) return jpeg;
    jpeg_create_decompress(&jpeg->info);
    jpeg->created = 1;
    jpeg_mem_src(&jpeg->info, bytes, (unsigned long)count);
    jpeg_read_header(&jpeg->info, TRUE);
    jpeg->info.scale_num = 1;
    jpeg->info.scale_denom = (unsigned int)(reduction == 2 || reduction == 4 || reduction == 8 ? reduction : 1);
    switch (jpeg->info.jpeg_color_space) {
    case JCS_GRAYSCALE:
        jpeg->info.out_color_space = JCS_GRAYSCALE;
        break;
    case JCS_YCbCr:
    case JCS_RGB:
        jpeg->info.out_color_space = JCS_EXT_XBGR;
        break;
    default:
        break;
    }
    jpeg_calc_output_dimensions(&jpeg->info);
    return jpeg;
}

const char *legible_jpeg_error(const legible_jpeg *jpeg) { return jpeg->failed ? jpeg->message : NULL; }

int legible_jpeg_width(const legible_jpeg *jpeg) { return jpeg->failed ? 0 : (int)jpeg->info.output_width; }

int legible_jpeg_height(const legible_jpeg *jpeg) { return jpeg->failed ? 0 : (int)jpeg->info.output_height; }

legible_jpeg_layout legible_jpeg_output_layout(const legible_jpeg *jpeg) {
    if (jpeg->failed || !legible_little_endian()) return LEGIBLE_JPEG_UNSUPPORTED;
    switch (jpeg->info.out_color_space) {
    case JCS_GRAYSCALE: return LEGIBLE_JPEG_GRAY;
    case JCS_EXT_XBGR: return LEGIBLE_JPEG_RGB;
    default: return LEGIBLE_JPEG_UNSUPPORTED;
    }
}

/* JFIF density unit 1 is dots per inch, 2 dots per centimetre. */
static int legible_jpeg_ppi(const legible_jpeg *jpeg, unsigned int density) {
    if (jpeg->failed) return 0;
    if (jpeg->info.density_unit == 1) return (int)density;
    if (jpeg->info.density_unit == 2) return (int)(density * 2.54 + 0.5);
    return 0;
}

int legible_jpeg_x_resolution(const legible_jpeg *jpeg) { return legible_jpeg_ppi(jpeg, jpeg->info.X_density); }

int legible_jpeg_y_resolution(const legible_jpeg *jpeg) { return legible_jpeg_ppi(jpeg, jpeg->info.Y_density); }

int legible_jpeg_decode(legible_jpeg *jpeg, uint32_t *rows, int words_per_row) {
    legible_jpeg_layout layout = legible_jpeg_output_layout(jpeg);
    if (layout == LEGIBLE_JPEG_UNSUPPORTED) {
        if (!jpeg->failed) {
            snprintf(jpeg->message, sizeof jpeg->message, "colour space %d is not decoded here",
                     (int)jpeg->info.jpeg_color_space);
            jpeg->failed = 1;
        }
        return -1;
    }
    if (setjmp(jpeg->recovery)) return -1;
    jpeg_start_decompress(&jpeg->info);
    const unsigned int width = jpeg->info.output_width;
    while (jpeg->info.output_scanline < jpeg->info.output_height) {
        JSAMPROW batch[16];
        const unsigned int first = jpeg->info.output_scanline;
        unsigned int wanted = jpeg->info.output_height - first;
        if (wanted > 16) wanted = 16;
        for (unsigned int i = 0; i < wanted; i++) batch[i] = (JSAMPROW)(rows + (size_t)(first + i) * words_per_row);
        const unsigned int got = jpeg_read_scanlines(&jpeg->info, batch, wanted);
        for (unsigned int i = 0; i < got; i++) {
            uint32_t *row = rows + (size_t)(first + i) * words_per_row;
            if (layout == LEGIBLE_JPEG_RGB) {
                /* libjpeg-turbo fills the X byte with 0xFF; Leptonica's RGB pixels have alpha 0. */
                for (unsigned int x = 0; x < width; x++) row[x] &= 0xFFFFFF00u;
            } else {
                /* Leptonica keeps 8-bit pixels big-endian within each word. */
                const unsigned int words = (width + 3) / 4;
                for (unsigned int x = 0; x < words; x++) row[x] = __builtin_bswap32(row[x]);
            }
        }
        if (got == 0) break;
    }
    jpeg_finish_decompress(&jpeg->info);
    return 0;
}

void legible_jpeg_close(legible_jpeg *jpeg) {
    if (jpeg == NULL) return;
    if (jpeg->created) jpeg_destroy_decompress(&jpeg->info);
    free(jpeg);
}

#ifndef LEGIBLE_JPEG_DECODE_H
#define LEGIBLE_JPEG_DECODE_H

#include <stddef.h>
#include <stdint.h>

/*
 * JPEG decoding straight into Leptonica's pixel layout with libjpeg(-turbo).
 *
 * Leptonica's pixReadMemJpeg has libjpeg write 3-byte RGB rows and then packs every pixel into a 32-bit word
 * in C, one at a time: for a 1.5 MP phone photo that packing is about 40% of the decode. Here libjpeg-turbo
 * writes each row as 4-byte pixels in the order Leptonica keeps in a word (red in the high byte) on a
 * little-endian machine, straight into the caller's rows. The pixels are the same as Leptonica's: same
 * inverse DCT, same upsampling, same colour conversion.
 *
 * libjpeg reports errors by calling an error handler that must not return; this module catches them with
 * setjmp/longjmp inside each call, so no error ever unwinds through Swift. Warnings (truncated data,
 * corrupt entropy-coded segments) count as errors, as Leptonica's pixReadMemJpeg treats them by default:
 * a damaged photo fails rather than being returned half grey.
 *
 * Usage: legible_jpeg_open, then the dimensions, then legible_jpeg_decode into a buffer of height rows of
 * words_per_row 32-bit words, then legible_jpeg_close (always, also after a failure).
 */

/// One decoding in progress (opaque).
typedef struct legible_jpeg legible_jpeg;

/// What a decoded row holds.
typedef enum {
    /// Not decodable here (CMYK, YCCK, or a big-endian machine): use another decoder.
    LEGIBLE_JPEG_UNSUPPORTED = 0,
    /// 8-bit grey, four pixels a word in Leptonica's byte order.
    LEGIBLE_JPEG_GRAY = 1,
    /// 32-bit RGB, one pixel a word: red << 24 | green << 16 | blue << 8, alpha byte 0.
    LEGIBLE_JPEG_RGB = 3,
} legible_jpeg_layout;

/// Reads the header of `count` bytes at `bytes` (which must stay valid until close) and prepares a decode
/// reduced by `reduction` (1, 2, 4 or 8). Returns NULL only when memory runs out; a header that cannot be read
/// leaves the error in legible_jpeg_error.
legible_jpeg *legible_jpeg_open(const unsigned char *bytes, size_t count, int reduction);

/// The error message of the last failed step, or NULL when none failed.
const char *legible_jpeg_error(const legible_jpeg *jpeg);

/// Output width and height in pixels (after the reduction), 0 after a failed open.
int legible_jpeg_width(const legible_jpeg *jpeg);
int legible_jpeg_height(const legible_jpeg *jpeg);

/// What the decoded rows will hold.
legible_jpeg_layout legible_jpeg_output_layout(const legible_jpeg *jpeg);

/// The resolution recorded in the JFIF header in pixels per inch (0 when absent).
int legible_jpeg_x_resolution(const legible_jpeg *jpeg);
int legible_jpeg_y_resolution(const legible_jpeg *jpeg);

/// Decodes every row into `rows` (height rows of `words_per_row` words each, enough for a row in the layout).
/// Returns 0 on success, -1 on failure (message in legible_jpeg_error).
int legible_jpeg_decode(legible_jpeg *jpeg, uint32_t *rows, int words_per_row);

/// Frees everything open allocated.
void legible_jpeg_close(legible_jpeg *jpeg);

#endif

#ifndef LEGIBLE_IMAGING_KERNELS_H
#define LEGIBLE_IMAGING_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// Rotates an 8-bit grey image by `angle` radians (clockwise positive) about pixel (width / 2, height / 2),
/// keeping its size, with the area mapping of Leptonica's `pixRotateAMGray`: each output pixel samples the
/// source at a sixteenth of a pixel and blends the four pixels around that point by their overlap; pixels
/// whose sample falls outside the source (or on its last row or column) get `fill`.
///
/// `source` and `target` are `width` x `height` bytes, rows packed. `source` must be readable for 4 bytes
/// past its last pixel (the vector path reads whole words). The output is byte for byte Leptonica's: the same
/// single-precision products, no fused multiply-adds. Uses AVX2 where the processor has it.
void legible_rotate_area_map_gray(const uint8_t *source, uint8_t *target, int width, int height, float angle,
                                  uint8_t fill);

/// Sauvola's test for one row of pixels, given each pixel's window sum and sum of squares over a window of
/// `1 / mean_norm` pixels: `ink[x]` is 1 where `row[x]` is darker than `t = m * (1 - factor * (1 - s / 128))`,
/// else 0. As Leptonica's `pixSauvolaBinarize` computes it: the mean `m` is `mean_norm * sum` in single
/// precision truncated, the mean square `square_norm * squares` rounded, `s` the single-precision root of
/// their difference (clamped to 0 ... 65025), the threshold computed in double precision, truncated, its low
/// byte taken. Sums must be below 2^24 and sums of squares below 2^31. Uses AVX2 where the processor has it.
void legible_sauvola_ink_row(const int32_t *sums, const int32_t *squares, const uint8_t *row, int width,
                             float mean_norm, double square_norm, double factor, uint8_t *ink);

/// Scales 8-bit grey `source` (`ws` x `hs`, rows packed) to `target` (`wd` x `hd`) by linear interpolation, as
/// Leptonica's `pixScaleGrayLI` does in its general case: each target pixel's top-left corner mapped to the
/// source in sixteenths of a pixel (single precision), the four source pixels around it weighted by their
/// overlap, the right and bottom edges repeating their last pixel. `columns` is scratch space for `wd` ints.
/// `source` must be readable for 4 bytes past its last pixel (the vector path reads whole words). Uses AVX2
/// where the processor has it.
void legible_scale_gray_linear(const uint8_t *source, int ws, int hs, uint8_t *target, int wd, int hd,
                               int *columns);

/// Leptonica's 2-D unsharp masking of 8-bit grey (`pixUnsharpMaskingGray2D`): each pixel at least `half`
/// (1 or 2) from every edge becomes `v + fract * (v - mean)`, the mean taken over the `(2 half + 1)` square
/// around it in single precision, rounded and clamped to 0 ... 255; the pixels nearer an edge are copied.
/// `source` and `target` are `w` x `h`, rows packed; `sums` is scratch space for `w * (h + 1)` floats. Compiled for
/// AVX2 too, used where the processor has it (the same arithmetic, no fused multiply-adds).
void legible_unsharp_gray(const uint8_t *source, int w, int h, int half, float fract, uint8_t *target,
                          float *sums);

/// Whether the kernels may use AVX2 where the processor has it (default 1). 0 forces the portable path
/// (for tests that compare the two).
void legible_imaging_allow_avx2(int allowed);

#endif

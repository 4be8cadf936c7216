#include "CImagingKernels.h"
#include "CCPUFeatures.h"

#include <math.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// Leptonica computes these in single precision with separate roundings; a fused multiply-add would change
// which sixteenth a sample lands on.
#pragma clang fp contract(off)

// Tests turn the AVX2 paths off to compare them with the portable ones; every path gives the same results.
static int avx2_allowed = 1;

static int has_avx2(void) {
    return __atomic_load_n(&avx2_allowed, __ATOMIC_RELAXED) && legible_cpu_has_avx2();
}

void legible_imaging_allow_avx2(int allowed) {
    __atomic_store_n(&avx2_allowed, allowed ? 1 : 0, __ATOMIC_RELAXED);
}

/// One output pixel of the rotation (see the header): the sample point in sixteenths, then the blend.
static inline uint8_t rotated_pixel(const uint8_t *source, int width, int height, int x, int y, float sina,
                                    float cosa, uint8_t fill) {
    const int xcen = width / 2, ycen = height / 2;
    const int xdif = xcen - x, ydif = ycen - y;
    const int xpm = (int)((float)(-xdif) * cosa - (float)ydif * sina);
    const int ypm = (int)((float)(-ydif) * cosa + (float)xdif * sina);
    const int xp = xcen + (xpm >> 4), yp = ycen + (ypm >> 4);
    const int xf = xpm & 15, yf = ypm & 15;
    if (xp < 0 || yp < 0 || xp > width - 2 || yp > height - 2) return fill;
    const uint8_t *top = source + (size_t)yp * width + xp, *bottom = top + width;
    const int sum = (16 - xf) * (16 - yf) * top[0] + xf * (16 - yf) * top[1] + (16 - xf) * yf * bottom[0] +
                    xf * yf * bottom[1];
    return (uint8_t)((sum + 128) / 256);
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
/// Eight pixels of a row at a time: the sample points in single precision as the scalar path computes them,
/// the two pairs of neighbours gathered as 32-bit loads (bytes xp and xp + 1 of each row are the low two).
__attribute__((target("avx2")))
static void rotate_row_avx2(const uint8_t *source, uint8_t *row, int width, int height, int y, float sina,
                            float cosa, uint8_t fill, int *done) {
    const int xcen = width / 2, ycen = height / 2;
    const __m256 vsina = _mm256_set1_ps(sina), vcosa = _mm256_set1_ps(cosa);
    const __m256 ysin = _mm256_set1_ps((float)(ycen - y) * sina);
    const __m256 ycos = _mm256_set1_ps((float)(-(ycen - y)) * cosa);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i vxcen = _mm256_set1_epi32(xcen), vycen = _mm256_set1_epi32(ycen);
    const __m256i fifteen = _mm256_set1_epi32(15), sixteen = _mm256_set1_epi32(16);
    const __m256i lastColumn = _mm256_set1_epi32(width - 2), lastRow = _mm256_set1_epi32(height - 2);
    const __m256i minusOne = _mm256_set1_epi32(-1), vwidth = _mm256_set1_epi32(width);
    const __m256i lowByte = _mm256_set1_epi32(0xff), vfill = _mm256_set1_epi32(fill);
    const __m256i half = _mm256_set1_epi32(128);
    int x = 0;
    for (; x + 8 <= width; x += 8) {
        const __m256i xdif = _mm256_sub_epi32(vxcen, _mm256_add_epi32(_mm256_set1_epi32(x), lanes));
        const __m256 fx = _mm256_cvtepi32_ps(xdif);
        const __m256 fminusx = _mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_setzero_si256(), xdif));
        const __m256i xpm = _mm256_cvttps_epi32(_mm256_sub_ps(_mm256_mul_ps(fminusx, vcosa), ysin));
        const __m256i ypm = _mm256_cvttps_epi32(_mm256_add_ps(ycos, _mm256_mul_ps(fx, vsina)));
        const __m256i xp = _mm256_add_epi32(vxcen, _mm256_srai_epi32(xpm, 4));
        const __m256i yp = _mm256_add_epi32(vycen, _mm256_srai_epi32(ypm, 4));
        const __m256i xf = _mm256_and_si256(xpm, fifteen), yf = _mm256_and_si256(ypm, fifteen);
        // Inside: 0 <= xp <= width - 2 and 0 <= yp <= height - 2.
        const __m256i inside = _mm256_andnot_si256(
            _mm256_or_si256(_mm256_or_si256(_mm256_cmpgt_epi32(xp, lastColumn), _mm256_cmpgt_epi32(yp, lastRow)),
                            _mm256_or_si256(_mm256_cmpgt_epi32(_mm256_setzero_si256(), xp),
                                            _mm256_cmpgt_epi32(_mm256_setzero_si256(), yp))),
            minusOne);
        // Outside lanes gather from offset 0 (always readable) and are replaced by the fill below.
        const __m256i offset = _mm256_and_si256(_mm256_add_epi32(_mm256_mullo_epi32(yp, vwidth), xp), inside);
        const __m256i topWords = _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), (const int *)source, offset,
                                                             inside, 1);
        const __m256i bottomWords = _mm256_mask_i32gather_epi32(
            _mm256_setzero_si256(), (const int *)(source + width), offset, inside, 1);
        const __m256i p00 = _mm256_and_si256(topWords, lowByte);
        const __m256i p10 = _mm256_and_si256(_mm256_srli_epi32(topWords, 8), lowByte);
        const __m256i p01 = _mm256_and_si256(bottomWords, lowByte);
        const __m256i p11 = _mm256_and_si256(_mm256_srli_epi32(bottomWords, 8), lowByte);
        const __m256i xg = _mm256_sub_epi32(sixteen, xf), yg = _mm256_sub_epi32(sixteen, yf);
        __m256i sum = _mm256_mullo_epi32(_mm256_mullo_epi32(xg, yg), p00);
        sum = _mm256_add_epi32(sum, _mm256_mullo_epi32(_mm256_mullo_epi32(xf, yg), p10));
        sum = _mm256_add_epi32(sum, _mm256_mullo_epi32(_mm256_mullo_epi32(xg, yf), p01));
        sum = _mm256_add_epi32(sum, _mm256_mullo_epi32(_mm256_mullo_epi32(xf, yf), p11));
        // Non-negative, so the division by 256 is a shift.
        const __m256i value = _mm256_srli_epi32(_mm256_add_epi32(sum, half), 8);
        const __m256i pixel = _mm256_blendv_epi8(vfill, value, inside);
        // The low byte of each 32-bit lane, eight of them, to eight bytes.
        const __m256i packed16 = _mm256_packus_epi32(pixel, pixel);
        const __m256i packed8 = _mm256_packus_epi16(packed16, packed16);
        const uint32_t low = (uint32_t)_mm256_extract_epi32(packed8, 0);
        const uint32_t high = (uint32_t)_mm256_extract_epi32(packed8, 4);
        __builtin_memcpy(row + x, &low, 4);
        __builtin_memcpy(row + x + 4, &high, 4);
    }
    *done = x;
}
#endif

void legible_rotate_area_map_gray(const uint8_t *source, uint8_t *target, int width, int height, float angle,
                                  uint8_t fill) {
    const float sina = (float)(16. * sin(angle));
    const float cosa = (float)(16. * cos(angle));
    const int vector = has_avx2();
    for (int y = 0; y < height; y++) {
        uint8_t *row = target + (size_t)y * width;
        int x = 0;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
        if (vector) rotate_row_avx2(source, row, width, height, y, sina, cosa, fill, &x);
#else
        (void)vector;
#endif
        for (; x < width; x++) row[x] = rotated_pixel(source, width, height, x, y, sina, cosa, fill);
    }
}

/// One pixel of Sauvola's test (see the header): the window's mean truncated, its mean square rounded, the
/// deviation's single-precision root, the threshold in double precision truncated to its low byte.
static inline uint8_t sauvola_ink(int32_t sum, int32_t squares, uint8_t value, float mean_norm, double square_norm,
                                  double factor) {
    const int32_t mean = (int32_t)(mean_norm * (float)sum);
    const int32_t mean_square = (int32_t)(square_norm * (double)squares + 0.5);
    int32_t variance = mean_square - mean * mean;
    variance = variance < 0 ? 0 : (variance > 65025 ? 65025 : variance);
    const double scale = 1.0 - factor * (1.0 - (double)sqrtf((float)variance) / 128.0);
    const int32_t threshold = (int32_t)((double)mean * scale) & 0xff;
    return value < threshold ? 1 : 0;
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
/// Four pixels' thresholds in double precision, as the scalar path computes them.
__attribute__((target("avx2")))
static inline __m128i sauvola_thresholds4(__m128i mean, __m128i variance, __m256d factor) {
    const __m256d deviation = _mm256_cvtps_pd(_mm_sqrt_ps(_mm_cvtepi32_ps(variance)));
    const __m256d one = _mm256_set1_pd(1.0);
    const __m256d relative = _mm256_div_pd(deviation, _mm256_set1_pd(128.0));
    const __m256d scale = _mm256_sub_pd(one, _mm256_mul_pd(factor, _mm256_sub_pd(one, relative)));
    return _mm256_cvttpd_epi32(_mm256_mul_pd(_mm256_cvtepi32_pd(mean), scale));
}

/// Four pixels' rounded mean squares.
__attribute__((target("avx2")))
static inline __m128i sauvola_mean_squares4(__m128i squares, __m256d square_norm) {
    const __m256d product = _mm256_mul_pd(square_norm, _mm256_cvtepi32_pd(squares));
    return _mm256_cvttpd_epi32(_mm256_add_pd(product, _mm256_set1_pd(0.5)));
}

/// Eight pixels at a time; returns how many were done (a multiple of eight).
__attribute__((target("avx2")))
static int sauvola_row_avx2(const int32_t *sums, const int32_t *squares, const uint8_t *row, int width,
                            float mean_norm, double square_norm, double factor, uint8_t *ink) {
    const __m256 vmean_norm = _mm256_set1_ps(mean_norm);
    const __m256d vsquare_norm = _mm256_set1_pd(square_norm), vfactor = _mm256_set1_pd(factor);
    int x = 0;
    for (; x + 8 <= width; x += 8) {
        const __m256i sum = _mm256_loadu_si256((const __m256i *)(sums + x));
        const __m256i square = _mm256_loadu_si256((const __m256i *)(squares + x));
        // Sums below 2^24 convert to float exactly; the truncating conversion is C's cast.
        const __m256i mean = _mm256_cvttps_epi32(_mm256_mul_ps(vmean_norm, _mm256_cvtepi32_ps(sum)));
        const __m128i mean_square_low = sauvola_mean_squares4(_mm256_castsi256_si128(square), vsquare_norm);
        const __m128i mean_square_high = sauvola_mean_squares4(_mm256_extracti128_si256(square, 1), vsquare_norm);
        const __m256i mean_square = _mm256_set_m128i(mean_square_high, mean_square_low);
        __m256i variance = _mm256_sub_epi32(mean_square, _mm256_mullo_epi32(mean, mean));
        variance = _mm256_min_epi32(_mm256_max_epi32(variance, _mm256_setzero_si256()), _mm256_set1_epi32(65025));
        const __m128i low =
            sauvola_thresholds4(_mm256_castsi256_si128(mean), _mm256_castsi256_si128(variance), vfactor);
        const __m128i high =
            sauvola_thresholds4(_mm256_extracti128_si256(mean, 1), _mm256_extracti128_si256(variance, 1), vfactor);
        const __m256i threshold = _mm256_and_si256(_mm256_set_m128i(high, low), _mm256_set1_epi32(0xff));
        const __m256i value = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(row + x)));
        // value < threshold: all ones, then 1 per lane; packed to eight bytes.
        const __m256i below = _mm256_and_si256(_mm256_cmpgt_epi32(threshold, value), _mm256_set1_epi32(1));
        const __m128i words = _mm_packs_epi32(_mm256_castsi256_si128(below), _mm256_extracti128_si256(below, 1));
        _mm_storel_epi64((__m128i *)(ink + x), _mm_packus_epi16(words, words));
    }
    return x;
}
#endif

void legible_sauvola_ink_row(const int32_t *sums, const int32_t *squares, const uint8_t *row, int width,
                             float mean_norm, double square_norm, double factor, uint8_t *ink) {
    int x = 0;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (has_avx2()) x = sauvola_row_avx2(sums, squares, row, width, mean_norm, square_norm, factor, ink);
#endif
    for (; x < width; x++) ink[x] = sauvola_ink(sums[x], squares[x], row[x], mean_norm, square_norm, factor);
}

/// One row of the linear scaling from the given target column on, one pixel at a time (see the header).
static void scale_row_scalar(const uint8_t *line, const uint8_t *below, const int *columns, int from, int wd,
                             int wm2, int yf, uint8_t *out) {
    for (int j = from; j < wd; j++) {
        const int xpm = columns[j];
        const int xp = xpm >> 4, xf = xpm & 15;
        // The column to the right, or this column again at the right edge.
        const int right = xp > wm2 ? xp : xp + 1;
        const int v00 = line[xp], v10 = line[right], v01 = below[xp], v11 = below[right];
        const int sum = (16 - xf) * (16 - yf) * v00 + xf * (16 - yf) * v10 + (16 - xf) * yf * v01 + xf * yf * v11;
        out[j] = (uint8_t)((sum + 128) / 256);
    }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
/// Eight target pixels at a time, for columns `0 ..< limit` (whose right neighbour is inside the row): each
/// pixel's two pairs of source neighbours gathered as 32-bit loads. Returns how many were done.
__attribute__((target("avx2")))
static int scale_row_avx2(const uint8_t *line, const uint8_t *below, const int *columns, int limit, int yf,
                          uint8_t *out) {
    const __m256i fifteen = _mm256_set1_epi32(15), bytes = _mm256_set1_epi32(0xff);
    const __m256i sixteen = _mm256_set1_epi32(16), half = _mm256_set1_epi32(128);
    const __m256i upper = _mm256_set1_epi32(16 - yf), lower = _mm256_set1_epi32(yf);
    int j = 0;
    for (; j + 8 <= limit; j += 8) {
        const __m256i xpm = _mm256_loadu_si256((const __m256i *)(columns + j));
        const __m256i xp = _mm256_srli_epi32(xpm, 4), xf = _mm256_and_si256(xpm, fifteen);
        const __m256i xl = _mm256_sub_epi32(sixteen, xf);
        const __m256i top = _mm256_i32gather_epi32((const int *)line, xp, 1);
        const __m256i bottom = _mm256_i32gather_epi32((const int *)below, xp, 1);
        const __m256i v00 = _mm256_and_si256(top, bytes), v10 = _mm256_and_si256(_mm256_srli_epi32(top, 8), bytes);
        const __m256i v01 = _mm256_and_si256(bottom, bytes);
        const __m256i v11 = _mm256_and_si256(_mm256_srli_epi32(bottom, 8), bytes);
        // Row blends first, then the columns: the same integer sum as the scalar path's four products.
        const __m256i left = _mm256_add_epi32(_mm256_mullo_epi32(upper, v00), _mm256_mullo_epi32(lower, v01));
        const __m256i right = _mm256_add_epi32(_mm256_mullo_epi32(upper, v10), _mm256_mullo_epi32(lower, v11));
        const __m256i sum = _mm256_add_epi32(_mm256_mullo_epi32(xl, left), _mm256_mullo_epi32(xf, right));
        const __m256i value = _mm256_srli_epi32(_mm256_add_epi32(sum, half), 8);
        const __m128i words = _mm_packus_epi32(_mm256_castsi256_si128(value), _mm256_extracti128_si256(value, 1));
        _mm_storel_epi64((__m128i *)(out + j), _mm_packus_epi16(words, words));
    }
    return j;
}
#endif

void legible_scale_gray_linear(const uint8_t *source, int ws, int hs, uint8_t *target, int wd, int hd,
                               int *columns) {
    // Source positions in sixteenths: the factor in single precision from a double quotient, then one
    // single-precision product per position, truncated. Every row maps its columns alike, so they are
    // computed once. (The clamps only keep reads inside the source should a rounded factor reach its edge.)
    const float scx = (float)(16.0 * (double)ws / (double)wd);
    const float scy = (float)(16.0 * (double)hs / (double)hd);
    const int wm2 = ws - 2, hm2 = hs - 2;
    // Columns before `limit` have their right neighbour inside the row (positions only grow along a row).
    int limit = 0;
    for (int j = 0; j < wd; j++) {
        const int xpm = (int)(scx * (float)j);
        columns[j] = xpm < 16 * ws ? xpm : 16 * ws - 1;
        if ((columns[j] >> 4) <= wm2) limit = j + 1;
    }
    for (int i = 0; i < hd; i++) {
        int ypm = (int)(scy * (float)i);
        if (ypm >= 16 * hs) ypm = 16 * hs - 1;
        const int yp = ypm >> 4, yf = ypm & 15;
        const uint8_t *line = source + (size_t)yp * ws;
        // The row below, or this row again at the bottom edge.
        const uint8_t *below = yp > hm2 ? line : line + ws;
        uint8_t *out = target + (size_t)i * wd;
        int done = 0;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
        if (has_avx2()) done = scale_row_avx2(line, below, columns, limit, yf, out);
#endif
        scale_row_scalar(line, below, columns, done, wd, wm2, yf, out);
    }
}

/// The 2-D unsharp masking (see the header), written so the compiler vectorises its loops: horizontal window
/// sums slid along each row, the vertical ones added row by row (all exact in single precision).
static inline void unsharp_body(const uint8_t *source, int w, int h, int half, float fract, uint8_t *target,
                                float *sums) {
    const size_t count = (size_t)w * h;
    for (size_t k = 0; k < count; k++) target[k] = source[k];
    if (w <= 2 * half || h <= 2 * half) return;
    const int side = 2 * half + 1;
    for (int i = 0; i < h; i++) {
        const uint8_t *line = source + (size_t)i * w;
        float *row = sums + (size_t)i * w;
        int sum = 0;
        for (int d = 0; d < side; d++) sum += line[d];
        row[half] = (float)sum;
        for (int j = half + 1; j < w - half; j++) {
            sum += line[j + half] - line[j - half - 1];
            row[j] = (float)sum;
        }
    }
    const float norm = half == 1 ? (float)(1.0 / 9.0) : (float)(1.0 / 25.0);
    // The vertical sums of one row, after the horizontal ones (row by row, so each loop runs along a row).
    float *column = sums + count;
    for (int i = half; i < h - half; i++) {
        const uint8_t *line = source + (size_t)i * w;
        uint8_t *out = target + (size_t)i * w;
        const float *first = sums + (size_t)(i - half) * w;
        for (int j = half; j < w - half; j++) column[j] = first[j];
        for (int d = 1; d < side; d++) {
            const float *row = first + (size_t)d * w;
            for (int j = half; j < w - half; j++) column[j] += row[j];
        }
        for (int j = half; j < w - half; j++) {
            const float low = norm * column[j];
            const float value = (float)line[j];
            // Single precision up to the added half, which is double (as Leptonica writes `+ 0.5`).
            const float sharpened = value + fract * (value - low);
            const double rounded = (double)sharpened + 0.5;
            const int result = rounded <= 0 ? 0 : (rounded >= 255 ? 255 : (int)rounded);
            out[j] = (uint8_t)result;
        }
    }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
__attribute__((target("avx2")))
static void unsharp_avx2(const uint8_t *source, int w, int h, int half, float fract, uint8_t *target, float *sums) {
    unsharp_body(source, w, h, half, fract, target, sums);
}
#endif

void legible_unsharp_gray(const uint8_t *source, int w, int h, int half, float fract, uint8_t *target,
                          float *sums) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (has_avx2()) {
        unsharp_avx2(source, w, h, half, fract, target, sums);
        return;
    }
#endif
    unsharp_body(source, w, h, half, fract, target, sums);
}

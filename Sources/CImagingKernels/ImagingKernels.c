#include "CImagingKernels.h"

#include <math.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// Leptonica computes these in single precision with separate roundings; a fused multiply-add would change
// which sixteenth a sample lands on.
#pragma clang fp contract(off)

// -1 until first asked; every path gives the same results, so threads racing to set it store the same value.
static int avx2_known = -1;
static int avx2_allowed = 1;

static int has_avx2(void) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (!__atomic_load_n(&avx2_allowed, __ATOMIC_RELAXED)) return 0;
    int value = __atomic_load_n(&avx2_known, __ATOMIC_RELAXED);
    if (value < 0) {
        __builtin_cpu_init();
        value = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&avx2_known, value, __ATOMIC_RELAXED);
    }
    return value;
#else
    return 0;
#endif
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

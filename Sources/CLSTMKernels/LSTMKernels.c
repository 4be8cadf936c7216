// The one hot loop of Legible's LSTM inference: integer matrix-vector products. The weights are packed so
// one multiply-add instruction (pmaddwd) takes two inputs for eight rows at once, with no horizontal sums;
// compiled for SSE2 and for AVX2, chosen once by the processor. Integer sums are exact either way.
#include "CLSTMKernels.h"
#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

static void store_rows(const int32_t *sums, const float *multipliers, int first, int rows, float *output) {
    for (int r = 0; r < 8 && first + r < rows; r++) output[first + r] = (float)sums[r] * multipliers[first + r];
}

#if defined(__x86_64__)
static void matvec_sse2(const int16_t *packed, const float *multipliers, int rows, int blocks, int pairs,
                        const int16_t *input, float *output) {
    const int32_t *pair_values = (const int32_t *)input;
    for (int b = 0; b < blocks; b++) {
        const int16_t *w = packed + (long)b * pairs * 16;
        __m128i low = _mm_setzero_si128(), high = _mm_setzero_si128();
        for (int p = 0; p < pairs; p++) {
            int32_t two;
            memcpy(&two, pair_values + p, sizeof two);
            __m128i x = _mm_set1_epi32(two);
            low = _mm_add_epi32(low, _mm_madd_epi16(_mm_loadu_si128((const __m128i *)(w + p * 16)), x));
            high = _mm_add_epi32(high, _mm_madd_epi16(_mm_loadu_si128((const __m128i *)(w + p * 16 + 8)), x));
        }
        int32_t sums[8];
        _mm_storeu_si128((__m128i *)sums, low);
        _mm_storeu_si128((__m128i *)(sums + 4), high);
        store_rows(sums, multipliers, b * 8, rows, output);
    }
}
#else
static void matvec_portable(const int16_t *packed, const float *multipliers, int rows, int blocks, int pairs,
                            const int16_t *input, float *output) {
    for (int b = 0; b < blocks; b++) {
        const int16_t *w = packed + (long)b * pairs * 16;
        int32_t sums[8] = {0};
        for (int p = 0; p < pairs; p++)
            for (int r = 0; r < 8; r++)
                sums[r] += (int32_t)w[p * 16 + 2 * r] * input[2 * p]
                           + (int32_t)w[p * 16 + 2 * r + 1] * input[2 * p + 1];
        store_rows(sums, multipliers, b * 8, rows, output);
    }
}
#endif

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
__attribute__((target("avx2")))
static void matvec_avx2(const int16_t *packed, const float *multipliers, int rows, int blocks, int pairs,
                        const int16_t *input, float *output) {
    const int32_t *pair_values = (const int32_t *)input;
    for (int b = 0; b < blocks; b++) {
        const int16_t *w = packed + (long)b * pairs * 16;
        __m256i total = _mm256_setzero_si256();
        for (int p = 0; p < pairs; p++) {
            int32_t two;
            memcpy(&two, pair_values + p, sizeof two);
            __m256i x = _mm256_set1_epi32(two);
            total = _mm256_add_epi32(total, _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(w + p * 16)), x));
        }
        int32_t sums[8];
        _mm256_storeu_si256((__m256i *)sums, total);
        store_rows(sums, multipliers, b * 8, rows, output);
    }
}
#endif

typedef void (*matvec_function)(const int16_t *, const float *, int, int, int, const int16_t *, float *);

static matvec_function chosen_matvec(void) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) return matvec_avx2;
#endif
#if defined(__x86_64__)
    return matvec_sse2;
#else
    return matvec_portable;
#endif
}

void legible_lstm_matvec(const int16_t *packed, const float *multipliers, int rows, int blocks, int pairs,
                         const int16_t *input, float *output) {
    // Both candidates give the same results, so threads racing to set this store the same pointer.
    static matvec_function function = 0;
    matvec_function chosen = __atomic_load_n(&function, __ATOMIC_RELAXED);
    if (!chosen) {
        chosen = chosen_matvec();
        __atomic_store_n(&function, chosen, __ATOMIC_RELAXED);
    }
    chosen(packed, multipliers, rows, blocks, pairs, input, output);
}

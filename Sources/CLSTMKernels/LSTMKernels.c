// The one hot loop of Legible's LSTM inference: integer matrix-vector products. The weights are packed so
// one multiply-add instruction (pmaddwd) takes two inputs for eight rows at once, with no horizontal sums;
// compiled for SSE2 and for AVX2, chosen once by the processor. Integer sums are exact either way.
#include "CLSTMKernels.h"
#include "CCPUFeatures.h"
#include <math.h>
#include <string.h>

// Tesseract computes these in single precision, one rounding per operation: no contraction into FMA.
#pragma STDC FP_CONTRACT OFF
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
// Stores one block's eight sums times their rows' multipliers.
__attribute__((target("avx2")))
static inline void store_block_avx2(__m256i total, const float *multipliers, int first, int rows, float *output) {
    if (first + 8 <= rows) {
        // int -> float rounds to nearest, as the scalar cast does; then one multiply per row.
        __m256 scaled = _mm256_mul_ps(_mm256_cvtepi32_ps(total), _mm256_loadu_ps(multipliers + first));
        _mm256_storeu_ps(output + first, scaled);
        return;
    }
    int32_t sums[8];
    _mm256_storeu_si256((__m256i *)sums, total);
    store_rows(sums, multipliers, first, rows, output);
}

// Four blocks (32 rows) per pass over the input: each broadcast input pair feeds four multiply-adds, so the
// loop is bound by its multiply-adds rather than by loads, and the four sums are independent chains.
__attribute__((target("avx2")))
static void matvec_avx2(const int16_t *packed, const float *multipliers, int rows, int blocks, int pairs,
                        const int16_t *input, float *output) {
    const int32_t *pair_values = (const int32_t *)input;
    const long stride = (long)pairs * 16;
    int b = 0;
    for (; b + 4 <= blocks; b += 4) {
        const int16_t *w = packed + b * stride;
        __m256i t0 = _mm256_setzero_si256(), t1 = _mm256_setzero_si256();
        __m256i t2 = _mm256_setzero_si256(), t3 = _mm256_setzero_si256();
        for (int p = 0; p < pairs; p++) {
            int32_t two;
            memcpy(&two, pair_values + p, sizeof two);
            __m256i x = _mm256_set1_epi32(two);
            const int16_t *row = w + p * 16;
            t0 = _mm256_add_epi32(t0, _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)row), x));
            t1 = _mm256_add_epi32(t1, _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(row + stride)), x));
            t2 = _mm256_add_epi32(t2, _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(row + 2 * stride)), x));
            t3 = _mm256_add_epi32(t3, _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(row + 3 * stride)), x));
        }
        store_block_avx2(t0, multipliers, b * 8, rows, output);
        store_block_avx2(t1, multipliers, b * 8 + 8, rows, output);
        store_block_avx2(t2, multipliers, b * 8 + 16, rows, output);
        store_block_avx2(t3, multipliers, b * 8 + 24, rows, output);
    }
    for (; b < blocks; b++) {
        const int16_t *w = packed + b * stride;
        __m256i total = _mm256_setzero_si256();
        for (int p = 0; p < pairs; p++) {
            int32_t two;
            memcpy(&two, pair_values + p, sizeof two);
            __m256i x = _mm256_set1_epi32(two);
            total = _mm256_add_epi32(total, _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(w + p * 16)), x));
        }
        store_block_avx2(total, multipliers, b * 8, rows, output);
    }
}
#endif

static int has_avx2(void);

void legible_lstm_matvec(const int16_t *packed, const float *multipliers, int rows, int blocks, int pairs,
                         const int16_t *input, float *output) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (has_avx2()) {
        matvec_avx2(packed, multipliers, rows, blocks, pairs, input, output);
        return;
    }
#endif
#if defined(__x86_64__)
    matvec_sse2(packed, multipliers, rows, blocks, pairs, input, output);
#else
    matvec_portable(packed, multipliers, rows, blocks, pairs, input, output);
#endif
}

// ---- Element-wise LSTM arithmetic (scalar; the AVX2 versions below do 8 at a time, identically) ----

static inline float table_value(float magnitude, const float *table) {
    float scaled = magnitude * 256.0f;
    if (!(scaled < 4095.0f)) return 1.0f;
    int index = (int)scaled;
    float low = table[index], high = table[index + 1];
    return low + (high - low) * (scaled - (float)index);
}

static inline float table_tanh(float x, const float *table) {
    float value = table_value(fabsf(x), table);
    return x < 0 ? -value : value;
}

static inline float table_logistic(float x, const float *table) {
    float value = table_value(fabsf(x), table);
    return x < 0 ? 1.0f - value : value;
}

static inline int8_t quantised(float value) {
    float scaled = value * 127.0f;
    if (scaled >= 127.0f) return 127;
    if (scaled <= -127.0f) return -127;
    if (scaled != scaled) return 0;
    return (int8_t)(scaled >= 0 ? (int)(scaled + 0.5f) : -(int)(-scaled + 0.5f));
}

static inline void cell_scalar(const float *gates, int ns, int k, float *state, int16_t *recurrent, int8_t *output,
                               const float *tt, const float *lt) {
    float ci = table_tanh(gates[k], tt);
    float gi = table_logistic(gates[ns + k], lt);
    float gf = table_logistic(gates[2 * ns + k], lt);
    float go = table_logistic(gates[3 * ns + k], lt);
    float kept = state[k] * gf;
    float added = ci * gi;
    kept = kept + added;
    state[k] = kept > 100.0f ? 100.0f : (kept < -100.0f ? -100.0f : kept);
    int8_t q = quantised(table_tanh(state[k], tt) * go);
    recurrent[k] = q;
    if (output) output[k] = q;
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
// Eight table values at once: the same operations as table_value, lane by lane.
__attribute__((target("avx2")))
static inline __m256 table_value8(__m256 magnitude, const float *table) {
    __m256 scaled = _mm256_mul_ps(magnitude, _mm256_set1_ps(256.0f));
    __m256 inside = _mm256_cmp_ps(scaled, _mm256_set1_ps(4095.0f), _CMP_LT_OQ);
    // Lanes outside the table (and NaN) read entry 0 and are replaced by 1 below.
    __m256 safe = _mm256_and_ps(scaled, inside);
    __m256i index = _mm256_cvttps_epi32(safe);
    __m256 low = _mm256_i32gather_ps(table, index, 4);
    __m256 high = _mm256_i32gather_ps(table + 1, index, 4);
    __m256 fraction = _mm256_sub_ps(safe, _mm256_cvtepi32_ps(index));
    __m256 value = _mm256_add_ps(low, _mm256_mul_ps(_mm256_sub_ps(high, low), fraction));
    return _mm256_blendv_ps(_mm256_set1_ps(1.0f), value, inside);
}

__attribute__((target("avx2")))
static inline __m256 tanh8(__m256 x, const float *table) {
    __m256 sign = _mm256_and_ps(x, _mm256_set1_ps(-0.0f));
    __m256 negative = _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_LT_OQ);
    __m256 value = table_value8(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), x), table);
    // Only lanes below zero change sign (-0 keeps +value, as the scalar test x < 0 does).
    return _mm256_blendv_ps(value, _mm256_xor_ps(value, sign), negative);
}

__attribute__((target("avx2")))
static inline __m256 logistic8(__m256 x, const float *table) {
    __m256 negative = _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_LT_OQ);
    __m256 value = table_value8(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), x), table);
    return _mm256_blendv_ps(value, _mm256_sub_ps(_mm256_set1_ps(1.0f), value), negative);
}

// Eight quantised values as 32-bit integers: as quantised(), lane by lane (values here are never NaN).
__attribute__((target("avx2")))
static inline __m256i quantised8(__m256 value) {
    __m256 scaled = _mm256_mul_ps(value, _mm256_set1_ps(127.0f));
    __m256 magnitude = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), scaled);
    __m256i rounded = _mm256_cvttps_epi32(_mm256_add_ps(magnitude, _mm256_set1_ps(0.5f)));
    __m256i big = _mm256_castps_si256(_mm256_cmp_ps(magnitude, _mm256_set1_ps(127.0f), _CMP_GE_OQ));
    rounded = _mm256_blendv_epi8(rounded, _mm256_set1_epi32(127), big);
    __m256i negative = _mm256_castps_si256(_mm256_cmp_ps(scaled, _mm256_setzero_ps(), _CMP_LT_OQ));
    return _mm256_blendv_epi8(rounded, _mm256_sub_epi32(_mm256_setzero_si256(), rounded), negative);
}

__attribute__((target("avx2")))
static void lstm_cell_avx2(const float *gates, int ns, float *state, int16_t *recurrent, int8_t *output,
                           const float *tt, const float *lt) {
    int k = 0;
    for (; k + 8 <= ns; k += 8) {
        __m256 ci = tanh8(_mm256_loadu_ps(gates + k), tt);
        __m256 gi = logistic8(_mm256_loadu_ps(gates + ns + k), lt);
        __m256 gf = logistic8(_mm256_loadu_ps(gates + 2 * ns + k), lt);
        __m256 go = logistic8(_mm256_loadu_ps(gates + 3 * ns + k), lt);
        __m256 kept = _mm256_add_ps(_mm256_mul_ps(_mm256_loadu_ps(state + k), gf), _mm256_mul_ps(ci, gi));
        kept = _mm256_min_ps(_mm256_set1_ps(100.0f), _mm256_max_ps(_mm256_set1_ps(-100.0f), kept));
        _mm256_storeu_ps(state + k, kept);
        int32_t q[8];
        _mm256_storeu_si256((__m256i *)q, quantised8(_mm256_mul_ps(tanh8(kept, tt), go)));
        for (int i = 0; i < 8; i++) {
            recurrent[k + i] = (int16_t)q[i];
            if (output) output[k + i] = (int8_t)q[i];
        }
    }
    for (; k < ns; k++) cell_scalar(gates, ns, k, state, recurrent, output, tt, lt);
}

__attribute__((target("avx2")))
static void tanh_bytes_avx2(const float *sums, int count, int8_t *output, const float *tt) {
    int k = 0;
    for (; k + 8 <= count; k += 8) {
        int32_t q[8];
        _mm256_storeu_si256((__m256i *)q, quantised8(tanh8(_mm256_loadu_ps(sums + k), tt)));
        for (int i = 0; i < 8; i++) output[k + i] = (int8_t)q[i];
    }
    for (; k < count; k++) output[k] = quantised(table_tanh(sums[k], tt));
}
#endif

// Tests turn the AVX2 paths off to compare them with the portable ones; every path gives the same results.
static int avx2_allowed = 1;

static int has_avx2(void) {
    return __atomic_load_n(&avx2_allowed, __ATOMIC_RELAXED) && legible_cpu_has_avx2();
}

void legible_lstm_allow_avx2(int allowed) { __atomic_store_n(&avx2_allowed, allowed ? 1 : 0, __ATOMIC_RELAXED); }

void legible_lstm_cell(const float *gates, int ns, float *state, int16_t *recurrent, int8_t *output,
                       const float *tanh_table, const float *logistic_table) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (has_avx2()) {
        lstm_cell_avx2(gates, ns, state, recurrent, output, tanh_table, logistic_table);
        return;
    }
#endif
    for (int k = 0; k < ns; k++) cell_scalar(gates, ns, k, state, recurrent, output, tanh_table, logistic_table);
}

static inline float activated(float x, legible_lstm_activation activation, const float *tt, const float *lt) {
    switch (activation) {
    case LEGIBLE_LSTM_TANH: return table_tanh(x, tt);
    case LEGIBLE_LSTM_LOGISTIC: return table_logistic(x, lt);
    case LEGIBLE_LSTM_RELU: return x > 0 ? x : 0;
    case LEGIBLE_LSTM_CLIP_SYMMETRIC: return x > 1 ? 1 : (x < -1 ? -1 : x);
    case LEGIBLE_LSTM_CLIP_POSITIVE: return x > 1 ? 1 : (x < 0 ? 0 : x);
    case LEGIBLE_LSTM_LINEAR: default: return x;
    }
}

void legible_lstm_activate_bytes(const float *sums, int count, legible_lstm_activation activation,
                                 int8_t *output, const float *tanh_table, const float *logistic_table) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (activation == LEGIBLE_LSTM_TANH && has_avx2()) {
        tanh_bytes_avx2(sums, count, output, tanh_table);
        return;
    }
#endif
    for (int k = 0; k < count; k++) output[k] = quantised(activated(sums[k], activation, tanh_table, logistic_table));
}

#ifndef LEGIBLE_LSTM_KERNELS_H
#define LEGIBLE_LSTM_KERNELS_H

#include <stdint.h>

/// Integer matrix-vector product over weights packed for pmaddwd: `blocks` blocks of 8 rows, each holding,
/// for every pair p of inputs (`pairs` of them), the 16 values w[r][2p], w[r][2p+1] for r = 0...7.
/// `input` holds 2 x `pairs` values (the caller appends 127 for the bias column and pads with 0). Writes
/// the exact integer sum of each row, converted to single precision and multiplied by multipliers[row],
/// for the first `rows` rows. Uses AVX2 where the processor has it, else SSE2; the results are identical.
void legible_lstm_matvec(const int16_t *packed, const float *multipliers, int rows, int blocks, int pairs,
                         const int16_t *input, float *output);

/// One step of an LSTM layer's `ns` cells after the gate sums: with `gates` holding the cell-input, input,
/// forget and output gate sums (ns each, in that order), ci = tanh, gi/gf/go = logistic (Tesseract's
/// interpolated tables, 4096 entries of 1/256), state = clip(state x gf + ci x gi, -100, 100) and the output
/// tanh(state) x go, quantised to a signed byte of 127ths. Writes the outputs to `recurrent` (as 16-bit
/// values, the next step's source) and, unless null, to `output`. Single precision, no fused multiply-adds,
/// as Tesseract computes it.
void legible_lstm_cell(const float *gates, int ns, float *state, int16_t *recurrent, int8_t *output,
                       const float *tanh_table, const float *logistic_table);

/// The activations of Tesseract's fully connected layers (its `NetworkType` for them).
typedef enum {
    LEGIBLE_LSTM_TANH,
    LEGIBLE_LSTM_LOGISTIC,
    LEGIBLE_LSTM_RELU,
    LEGIBLE_LSTM_LINEAR,
    /// Clipped to -1...1 (`LinTanh`).
    LEGIBLE_LSTM_CLIP_SYMMETRIC,
    /// Clipped to 0...1 (`LinLogistic`).
    LEGIBLE_LSTM_CLIP_POSITIVE
} legible_lstm_activation;

/// `output[i]` = `activation`(`sums[i]`) (tanh and logistic by Tesseract's tables), quantised to a signed
/// byte of 127ths, for `count` values.
void legible_lstm_activate_bytes(const float *sums, int count, legible_lstm_activation activation,
                                 int8_t *output, const float *tanh_table, const float *logistic_table);

/// Whether the kernels may use AVX2 where the processor has it (default 1). 0 forces the SSE2 / portable
/// code, which gives the same results: for tests and speed comparisons.
void legible_lstm_allow_avx2(int allowed);

#endif

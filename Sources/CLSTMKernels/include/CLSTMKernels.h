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

#endif

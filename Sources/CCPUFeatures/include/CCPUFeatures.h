#ifndef LEGIBLE_CPU_FEATURES_H
#define LEGIBLE_CPU_FEATURES_H

// Whether this CPU runs AVX2, asked once per process: the one statement of the check that the vectorised
// kernels (CImagingKernels, CLSTMKernels) share. Each kernel target keeps its own switch to turn its AVX2 paths
// off, so that tests can compare them with the portable ones.

/// 1 when the CPU supports AVX2 (x86_64 built with clang or GCC), else 0. Safe from any thread.
int legible_cpu_has_avx2(void);

#endif

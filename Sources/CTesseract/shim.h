#ifndef CTESSERACT_SHIM_H
#define CTESSERACT_SHIM_H
// Tesseract's C API. Everything it declares imports into Swift as is.
#include <tesseract/capi.h>

// Debian's Tesseract runs its LSTM through OpenMP (libgomp), which reads OMP_THREAD_LIMIT only when the
// library loads: setting the variable later has no effect. The OpenMP API call below does take effect at
// run time: with max-active-levels 0 every parallel region runs on the calling thread alone (OpenMP 5.0,
// section 2.6.1). Declared here rather than through omp.h, which clang does not find on Debian.
void omp_set_max_active_levels(int max_levels);
int omp_get_max_active_levels(void);
#endif

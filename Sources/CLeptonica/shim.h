#ifndef CLEPTONICA_SHIM_H
#define CLEPTONICA_SHIM_H
#include <leptonica/allheaders.h>

// Leptonica's free function takes `void *`; Swift sees the pointer-to-pointer
// destroy functions fine, but `lept_free` on `l_uint8 *` needs no cast in C.
static inline void CLeptonica_free(void *ptr) { lept_free(ptr); }
#endif

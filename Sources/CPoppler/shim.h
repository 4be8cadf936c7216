#ifndef CPOPPLER_SHIM_H
#define CPOPPLER_SHIM_H
#include <poppler.h>
#include <zlib.h>

/// zlib's inflateInit is a macro (it passes the library version and the stream size); Swift cannot call it.
static inline int CPoppler_inflateInit(z_streamp stream) { return inflateInit(stream); }
/// deflateInit is a macro too.
static inline int CPoppler_deflateInit(z_streamp stream, int level) { return deflateInit(stream, level); }
#endif

#ifndef CZBAR_SHIM_H
#define CZBAR_SHIM_H
// zbar 0.23 (Debian: libzbar-dev): barcode and QR code decoding from 8-bit grey images (its plain C API).
#include <zbar.h>
#endif

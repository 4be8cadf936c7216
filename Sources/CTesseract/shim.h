#ifndef CTESSERACT_SHIM_H
#define CTESSERACT_SHIM_H
// Tesseract's C API. Everything it declares imports into Swift as is.
#include <tesseract/capi.h>
#endif

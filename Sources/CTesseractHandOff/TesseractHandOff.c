#include "CTesseractHandOff.h"

#if defined(__linux__)
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <leptonica/allheaders.h>

typedef l_ok (*WriteMemFunction)(l_uint8 **, size_t *, PIX *, l_int32);

static _Thread_local int handOffDepth = 0;
static _Thread_local unsigned long uncompressedWrites = 0;
static WriteMemFunction leptonicaWriteMem = NULL;
static pthread_once_t lookupOnce = PTHREAD_ONCE_INIT;

static void findLeptonicaWriteMem(void) {
    leptonicaWriteMem = (WriteMemFunction)dlsym(RTLD_NEXT, "pixWriteMem");
}

l_ok pixWriteMem(l_uint8 **pdata, size_t *psize, PIX *pix, l_int32 format) {
    pthread_once(&lookupOnce, findLeptonicaWriteMem);
    if (leptonicaWriteMem == NULL) {
        return 1;  // Leptonica's own error value: nothing written.
    }
    if (handOffDepth == 0 || format != IFF_PNG || pix == NULL) {
        return leptonicaWriteMem(pdata, psize, pix, format);
    }
    // Leptonica takes the zlib level from the image's `special` field (10 + level; Leptonica 1.82's PIX is a
    // public struct). The image is Tesseract's private clip of the line, but the field is put back anyway.
    l_int32 special = pix->special;
    pix->special = 10;
    l_ok result = leptonicaWriteMem(pdata, psize, pix, format);
    pix->special = special;
    uncompressedWrites += 1;
    return result;
}

void legible_hand_off_begin(void) { handOffDepth += 1; }

void legible_hand_off_end(void) {
    if (handOffDepth > 0) handOffDepth -= 1;
}

int legible_hand_off_is_hooked(void) {
    return dlsym(RTLD_DEFAULT, "pixWriteMem") == (void *)pixWriteMem;
}

unsigned long legible_hand_off_uncompressed_writes(void) {
    return uncompressedWrites;
}

#else

void legible_hand_off_begin(void) {}
void legible_hand_off_end(void) {}
int legible_hand_off_is_hooked(void) { return 0; }
unsigned long legible_hand_off_uncompressed_writes(void) { return 0; }

#endif

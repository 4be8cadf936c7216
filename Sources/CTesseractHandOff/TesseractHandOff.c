#include "CTesseractHandOff.h"

#if defined(__linux__)
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <leptonica/allheaders.h>

typedef l_ok (*WriteMemFunction)(l_uint8 **, size_t *, PIX *, l_int32);
typedef PIX *(*ReadMemFunction)(const l_uint8 *, size_t);

static _Thread_local int handOffDepth = 0;
static _Thread_local unsigned long uncompressedWrites = 0;
static WriteMemFunction leptonicaWriteMem = NULL;
static ReadMemFunction leptonicaReadMem = NULL;
static pthread_once_t lookupOnce = PTHREAD_ONCE_INIT;

/* A raw line image: this magic, then width, height, depth, x and y resolution (int32, native order), then
 * the PIX's words row by row. No image format Leptonica reads starts with these bytes. */
static const char rawMagic[8] = {'L', 'G', 'B', 'L', 'R', 'A', 'W', '1'};
enum { rawHeaderSize = 8 + 5 * 4 };

static void findLeptonicaFunctions(void) {
    leptonicaWriteMem = (WriteMemFunction)dlsym(RTLD_NEXT, "pixWriteMem");
    leptonicaReadMem = (ReadMemFunction)dlsym(RTLD_NEXT, "pixReadMem");
}

/* Words per row Leptonica gives a PIX of this width and depth. */
static size_t wordsPerLine(int32_t width, int32_t depth) {
    return ((size_t)width * (size_t)depth + 31) / 32;
}

static l_ok writeRaw(l_uint8 **pdata, size_t *psize, PIX *pix) {
    int32_t header[5] = {pixGetWidth(pix), pixGetHeight(pix), pixGetDepth(pix), pixGetXRes(pix), pixGetYRes(pix)};
    size_t wpl = wordsPerLine(header[0], header[2]);
    size_t bytes = wpl * 4 * (size_t)header[1];
    l_uint8 *data = malloc(rawHeaderSize + bytes);
    if (data == NULL) return 1;
    memcpy(data, rawMagic, 8);
    memcpy(data + 8, header, sizeof header);
    l_uint32 *words = pixGetData(pix);
    size_t stride = (size_t)pixGetWpl(pix);
    for (int32_t row = 0; row < header[1]; row++) {
        memcpy(data + rawHeaderSize + (size_t)row * wpl * 4, words + (size_t)row * stride, wpl * 4);
    }
    *pdata = data;
    *psize = rawHeaderSize + bytes;
    return 0;
}

static PIX *readRaw(const l_uint8 *data, size_t size) {
    int32_t header[5];
    memcpy(header, data + 8, sizeof header);
    int32_t width = header[0], height = header[1], depth = header[2];
    if (width <= 0 || height <= 0 || (depth != 1 && depth != 8)) return NULL;
    size_t wpl = wordsPerLine(width, depth);
    if (size - rawHeaderSize != wpl * 4 * (size_t)height) return NULL;
    PIX *pix = pixCreateNoInit(width, height, depth);
    if (pix == NULL) return NULL;
    pixSetResolution(pix, header[3], header[4]);
    l_uint32 *words = pixGetData(pix);
    size_t stride = (size_t)pixGetWpl(pix);
    for (int32_t row = 0; row < height; row++) {
        memcpy(words + (size_t)row * stride, data + rawHeaderSize + (size_t)row * wpl * 4, wpl * 4);
    }
    return pix;
}

l_ok pixWriteMem(l_uint8 **pdata, size_t *psize, PIX *pix, l_int32 format) {
    pthread_once(&lookupOnce, findLeptonicaFunctions);
    if (leptonicaWriteMem == NULL) {
        return 1;  // Leptonica's own error value: nothing written.
    }
    if (handOffDepth == 0 || format != IFF_PNG || pix == NULL || pdata == NULL || psize == NULL) {
        return leptonicaWriteMem(pdata, psize, pix, format);
    }
    l_int32 depth = pixGetDepth(pix);
    if (pixGetColormap(pix) == NULL && (depth == 1 || depth == 8)) {
        if (writeRaw(pdata, psize, pix) != 0) return 1;
    } else {
        // Leptonica takes the zlib level from the image's `special` field (10 + level; Leptonica 1.82's PIX
        // is a public struct). The image is Tesseract's private clip of the line, but the field is put back.
        l_int32 special = pix->special;
        pix->special = 10;
        l_ok result = leptonicaWriteMem(pdata, psize, pix, format);
        pix->special = special;
        if (result != 0) return result;
    }
    uncompressedWrites += 1;
    return 0;
}

PIX *pixReadMem(const l_uint8 *data, size_t size) {
    pthread_once(&lookupOnce, findLeptonicaFunctions);
    if (data != NULL && size >= rawHeaderSize && memcmp(data, rawMagic, 8) == 0) {
        return readRaw(data, size);
    }
    return leptonicaReadMem == NULL ? NULL : leptonicaReadMem(data, size);
}

void legible_hand_off_begin(void) { handOffDepth += 1; }

void legible_hand_off_end(void) {
    if (handOffDepth > 0) handOffDepth -= 1;
}

int legible_hand_off_is_hooked(void) {
    return dlsym(RTLD_DEFAULT, "pixWriteMem") == (void *)pixWriteMem
        && dlsym(RTLD_DEFAULT, "pixReadMem") == (void *)pixReadMem;
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

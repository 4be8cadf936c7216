#ifndef LEGIBLE_TESSERACT_HAND_OFF_H
#define LEGIBLE_TESSERACT_HAND_OFF_H

/*
 * Tesseract 5.3 hands every line it recognises to its LSTM as a PNG in memory: ImageData::SetPixInternal
 * encodes the line's pixels with Leptonica's pixWriteMem and GetPixInternal decodes them with pixReadMem. The
 * encoding buys nothing (the bytes never leave the process): zlib compression was about a tenth of a serial
 * scan's time, and libpng's filters and checksums a further 3% once compression was off. This module
 * defines both functions. While the calling thread is inside legible_hand_off_begin/end, a PNG write of a
 * 1- or 8-bit image without a colormap is stored as the image's raw words behind a private header (other
 * images as a PNG without compression); pixReadMem turns such bytes back into the same image, on any thread.
 * Every other call goes to Leptonica's own function unchanged, so what Tesseract reads is the same pixels.
 *
 * The definitions take effect where the dynamic linker finds them before Leptonica's (the executable or a
 * library loaded ahead of liblept exports them, as ld does for symbols a linked shared library refers to);
 * legible_hand_off_is_hooked says whether it did. On other systems the module does nothing.
 */

/// Starts storing in-memory PNG writes raw (or without compression) on the calling thread.
void legible_hand_off_begin(void);

/// Ends what legible_hand_off_begin started on the calling thread.
void legible_hand_off_end(void);

/// 1 when this module's pixWriteMem and pixReadMem are the ones the process's libraries call, else 0.
int legible_hand_off_is_hooked(void);

/// How many PNG writes the calling thread has stored raw or uncompressed so far.
unsigned long legible_hand_off_uncompressed_writes(void);

#endif

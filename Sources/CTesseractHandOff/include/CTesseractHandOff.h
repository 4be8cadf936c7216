#ifndef LEGIBLE_TESSERACT_HAND_OFF_H
#define LEGIBLE_TESSERACT_HAND_OFF_H

/*
 * Tesseract 5.3 hands every line it recognises to its LSTM as a PNG in memory: ImageData::SetPixInternal
 * encodes the line's pixels with Leptonica's pixWriteMem and GetPixInternal decodes them again. The zlib
 * compression in between is about a tenth of a serial scan's time and buys nothing (the bytes never leave
 * the process). This module defines pixWriteMem: while the calling thread is inside
 * legible_hand_off_begin/end, PNG writes are stored without compression (zlib level 0); every other call,
 * and every call on other threads, goes to Leptonica's own pixWriteMem unchanged. The PNG stays a valid,
 * lossless PNG, so what Tesseract reads is the same pixels.
 *
 * The definition takes effect where the dynamic linker finds it before Leptonica's (the executable or a
 * library loaded ahead of liblept exports it, as ld does for symbols a linked shared library refers to);
 * legible_hand_off_is_hooked says whether it did. On other systems the module does nothing.
 */

/// Starts storing in-memory PNG writes without compression on the calling thread.
void legible_hand_off_begin(void);

/// Ends what legible_hand_off_begin started on the calling thread.
void legible_hand_off_end(void);

/// 1 when this module's pixWriteMem is the one the process's libraries call, else 0.
int legible_hand_off_is_hooked(void);

/// How many PNG writes the calling thread has stored uncompressed so far.
unsigned long legible_hand_off_uncompressed_writes(void);

#endif

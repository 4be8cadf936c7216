#ifndef LEGIBLE_TESSERACT_LAYOUT_H
#define LEGIBLE_TESSERACT_LAYOUT_H

/*
 * The boxes Tesseract 5.3's LSTM reads when it recognises a single text line (page segmentation mode 7).
 * Tesseract lays the image out, merges each row's similar words into one (ROW_RES's merge of "fuzzy" words
 * for LSTM engines), and reads each merged word from a box that is the word's blobs stretched down to the
 * row's baseline plus descenders and up to its baseline plus x-height plus ascenders, padded by 4 pixels
 * (Tesseract::LSTMRecognizeWord, GetRectImage). Its C API does not expose a row's heights, so this small
 * C++ module asks the C++ PageIterator for them and computes those boxes from a layout-only pass.
 */

#ifdef __cplusplus
extern "C" {
#endif

/// One box the LSTM would read, in the image's pixels (top-left origin, right and bottom exclusive).
typedef struct {
    int left;
    int top;
    int right;
    int bottom;
} LegibleLineBox;

/// Lays out the image `api` (a TessBaseAPI handle of Tesseract's C API) holds as one line (the caller sets
/// page segmentation mode 7) and writes up to `capacity` reading boxes into `boxes`, in reading order.
/// Returns how many boxes there are (which may exceed `capacity`: call again with more room), 0 when the
/// layout finds no text, or -1 when the engine holds no image. Leaves the layout in `api`; the caller clears it.
int legible_tesseract_line_boxes(void *api, LegibleLineBox *boxes, int capacity);

#ifdef __cplusplus
}
#endif

#endif

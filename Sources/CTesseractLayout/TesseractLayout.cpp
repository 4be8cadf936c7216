#include "TesseractLayout.h"

#include <tesseract/baseapi.h>
#include <tesseract/pageiterator.h>
#include <leptonica/allheaders.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace {

// Tesseract's ratios for merging a row's words into one LSTM word (ROW_RES's constructor, pageres.cpp).
constexpr float kMaxWordSizeRatio = 1.25f;
constexpr float kMaxLineSizeRatio = 1.25f;
constexpr float kMaxWordGapRatio = 2.0f;
// The padding GetRectImage adds around a word for the LSTM (linerec.cpp).
constexpr int kImagePadding = 4;

// A word's box in image coordinates (y down; right and bottom exclusive) and the row's baseline at the box's
// left and right ends (image y; Tesseract rounds them to whole pixels).
struct Word {
    int left, top, right, bottom;
    int baselineLeft, baselineRight;
    std::vector<Word> parts;  // a merged word's words

    // The baseline at x, along the straight line through the ends of the part that holds x (or the nearest).
    // The row's baseline is a spline; a word's ends bracket it more closely than the row's.
    float baselineAt(float x) const {
        const Word *best = this;
        float distance = INFINITY;
        for (const Word &part : parts) {
            const float away = x < part.left ? part.left - x : x > part.right ? x - part.right : 0;
            if (away < distance) {
                distance = away;
                best = &part;
            }
        }
        if (best->right == best->left) return float(best->baselineLeft);
        return float(best->baselineLeft)
            + float(best->baselineRight - best->baselineLeft) * (x - float(best->left))
                / float(best->right - best->left);
    }
};

// A laid-out row: its heights as PageIterator::RowAttributes gives them (height is x-height + ascenders -
// descenders; descenders is negative) and its words.
struct Row {
    float height = 0, descenders = 0, ascenders = 0;
    std::vector<Word> words;

    // The words the LSTM reads: a word joins the one before while neither it nor the union grows past the
    // size ratios and the gap stays within the gap ratio of the row's height (W_REP_CHAR words, runs of one
    // repeated character that Tesseract keeps apart, are not told apart here).
    std::vector<Word> mergedWords() const {
        std::vector<Word> merged;
        bool joinsNext = false;
        for (size_t index = 0; index < words.size(); ++index) {
            const Word &word = words[index];
            if (joinsNext && !merged.empty()) {
                Word &last = merged.back();
                last.left = std::min(last.left, word.left);
                last.right = std::max(last.right, word.right);
                last.top = std::min(last.top, word.top);
                last.bottom = std::max(last.bottom, word.bottom);
                last.parts.push_back(word);
            } else {
                merged.push_back(word);
                merged.back().parts.push_back(word);
                joinsNext = float(word.bottom - word.top) <= height * kMaxWordSizeRatio;
            }
            if (!joinsNext || index + 1 >= words.size()) continue;
            // Whether the next word joins, judged against the union so far.
            const Word &next = words[index + 1];
            const Word &current = merged.back();
            const int top = std::min(current.top, next.top);
            const int bottom = std::max(current.bottom, next.bottom);
            if (float(next.bottom - next.top) > height * kMaxWordSizeRatio
                || float(bottom - top) > height * kMaxLineSizeRatio
                || float(next.left) > float(current.right) + height * kMaxWordGapRatio) {
                joinsNext = false;
            }
        }
        return merged;
    }
};

}  // namespace

int legible_tesseract_line_boxes(void *handle, LegibleLineBox *boxes, int capacity) {
    auto *api = static_cast<tesseract::TessBaseAPI *>(handle);
    std::unique_ptr<tesseract::PageIterator> it(api->AnalyseLayout());
    // No iterator: the layout found no text (or had no image).
    if (!it) return 0;
    Pix *image = api->GetInputImage();
    if (!image) return -1;
    const int width = static_cast<int>(pixGetWidth(image));
    const int height = static_cast<int>(pixGetHeight(image));
    // Boxes with stray dots above and below, as the LSTM's word boxes are (WERD::bounding_box).
    it->SetBoundingBoxComponents(true, true);

    std::vector<Row> rows;
    do {
        if (it->Empty(tesseract::RIL_WORD)) continue;
        if (rows.empty() || it->IsAtBeginningOf(tesseract::RIL_TEXTLINE)) {
            Row row;
            it->RowAttributes(&row.height, &row.descenders, &row.ascenders);
            rows.push_back(row);
        }
        int left, top, right, bottom, x1, y1, x2, y2;
        if (!it->BoundingBox(tesseract::RIL_WORD, &left, &top, &right, &bottom)) continue;
        if (!it->Baseline(tesseract::RIL_WORD, &x1, &y1, &x2, &y2)) continue;
        rows.back().words.push_back(Word{left, top, right, bottom, y1, y2, {}});
    } while (it->Next(tesseract::RIL_WORD));

    int count = 0;
    for (const Row &row : rows) {
        for (const Word &word : row.mergedWords()) {
            // The baseline under the word's centre (Tesseract's integer centre), then the word stretched to
            // the row's heights. Image y grows downwards: Tesseract's "bottom under baseline + descenders" is a
            // bottom edge below baseline - descenders here, and its integer truncation (y up) a ceiling here.
            const float baseline = word.baselineAt(float((word.left + word.right) / 2));
            int top = word.top, bottom = word.bottom;
            const float lowest = baseline - row.descenders;
            const float highest = baseline - (row.height + row.descenders);
            if (lowest > float(bottom)) bottom = static_cast<int>(std::ceil(lowest));
            if (highest < float(top)) top = static_cast<int>(std::ceil(highest));
            const int paddedLeft = std::max(0, word.left - kImagePadding);
            const int paddedTop = std::max(0, top - kImagePadding);
            const int paddedRight = std::min(width, word.right + kImagePadding);
            const int paddedBottom = std::min(height, bottom + kImagePadding);
            if (paddedRight <= paddedLeft || paddedBottom <= paddedTop) continue;
            if (count < capacity) boxes[count] = LegibleLineBox{paddedLeft, paddedTop, paddedRight, paddedBottom};
            ++count;
        }
    }
    return count;
}

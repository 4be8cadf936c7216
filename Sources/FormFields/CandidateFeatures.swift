import Foundation
import LegiblePDF

/// What the learned scorer (``FieldScorer``) knows about one visually found candidate: general facts of how
/// forms are drawn, none of them tied to a particular form. Fields are drawn as boxes, rulings, combs and
/// small squares of a field's usual size; they come in rows and columns of like fields; they are empty and
/// have a caption beside them. Paragraphs, titles and address blocks that look like boxes fail several of
/// those at once.
///
/// Lengths are in points; counts enter as `log(1 + n)` so that a dense page does not dominate.
struct CandidateFeatures {
    /// The names of ``values``, in order: the columns of the training table and of the model's weights.
    static let names = [
        "shape_box", "shape_underline", "shape_checkbox", "shape_comb", "rule_confidence", "log_width",
        "log_height", "log_aspect", "from_cell", "is_scan", "label_empty", "log_label_letters", "label_no_letters",
        "type_multiline", "type_date", "type_signature", "log_words_inside", "word_coverage", "ink_inside",
        "log_same_row", "log_same_column", "log_same_size", "log_overlapping", "log_page_candidates",
        "width_of_page",
    ]

    /// The feature values, in the order of ``names``.
    var values: [Double]

    /// The features of each candidate of one page.
    ///
    /// - Parameters:
    ///   - candidates: The page's candidates as the detector found them (shape, rule confidence, cell).
    ///   - regions: The regions made of them, in the same order (rectangle, label, type).
    ///   - words: The page's words in points (text layer, or what OCR read on a scan).
    ///   - raster: The page's ink raster.
    ///   - isScan: Whether the page has no text layer.
    static func of(
        candidates: [VisualCandidate], regions: [FieldRegion], words: [PDFWord], raster: InkRaster, isScan: Bool
    ) -> [CandidateFeatures] {
        let rects = regions.map(\.rect)
        let pageWidth = Double(raster.width) * raster.scale
        return zip(candidates, regions).enumerated().map { index, pair in
            let (candidate, region) = pair
            let rect = rects[index]
            let width = max(rect.width, 0.5), height = max(rect.height, 0.5)
            var sameRow = 0, sameColumn = 0, sameSize = 0, overlapping = 0
            for (other, otherRect) in rects.enumerated() where other != index {
                if abs(otherRect.midY - rect.midY) < 3, abs(otherRect.height - rect.height) < 0.5 * height {
                    sameRow += 1
                }
                if abs(otherRect.x - rect.x) < 3 || abs(otherRect.maxX - rect.maxX) < 3 { sameColumn += 1 }
                if abs(otherRect.width - rect.width) < 2, abs(otherRect.height - rect.height) < 2 { sameSize += 1 }
                if let common = otherRect.intersection(rect),
                    common.width * common.height > 0.3 * min(width * height, otherRect.width * otherRect.height)
                {
                    overlapping += 1
                }
            }
            var wordsInside = 0
            var covered = 0.0
            for word in words {
                guard let common = word.rect.intersection(rect) else { continue }
                covered += common.width * common.height
                if rect.contains(x: word.rect.midX, y: word.rect.midY) { wordsInside += 1 }
            }
            let inset = Box(
                x0: Int(rect.x / raster.scale) + 2, y0: Int(rect.y / raster.scale) + 2,
                x1: Int(rect.maxX / raster.scale) - 2, y1: Int(rect.maxY / raster.scale) - 2)
            let letters = region.label.filter(\.isLetter).count
            func flag(_ condition: Bool) -> Double { condition ? 1 : 0 }
            func logCount(_ n: Int) -> Double { log(1 + Double(n)) }
            return CandidateFeatures(values: [
                flag(candidate.shape == .box), flag(candidate.shape == .underline),
                flag(candidate.shape == .checkbox), flag(candidate.shape == .comb), candidate.confidence,
                log(width), log(height), log(width / height), flag(candidate.cell != nil), flag(isScan),
                flag(region.label.isEmpty), logCount(letters), flag(!region.label.isEmpty && letters == 0),
                flag(region.fieldType == .multiline), flag(region.fieldType == .date),
                flag(region.fieldType == .signature), logCount(wordsInside), min(1, covered / (width * height)),
                raster.inkFraction(inset), logCount(sameRow), logCount(sameColumn), logCount(sameSize),
                logCount(overlapping), logCount(rects.count), width / max(pageWidth, 1),
            ])
        }
    }
}

public import Foundation
public import LegiblePDF

/// Scores detected field regions against known fields, with the acceptance rules of the shared test forms:
/// a detection matches a truth field on the same page when their intersection over union is at least 0.5
/// (one to one, best overlaps first); precision, recall and type accuracy over scored fields only.
public enum FormScoring {
    /// One known field, in the detector's frame (points, top-left origin).
    public struct TruthField: Sendable, Hashable, Codable {
        /// 0-based page.
        public var pageIndex: Int
        /// The scoring class.
        public var category: ScoringCategory
        /// The rectangle in points, top-left origin.
        public var rect: PDFRect
        /// The field's name, for reports and label scoring.
        public var name: String
        /// The field's tooltip (`/TU`), often the label a person sees; empty when it has none.
        public var tooltip: String

        /// Creates a truth field.
        public init(pageIndex: Int, category: ScoringCategory, rect: PDFRect, name: String, tooltip: String = "") {
            self.pageIndex = pageIndex
            self.category = category
            self.rect = rect
            self.name = name
            self.tooltip = tooltip
        }
    }

    /// Counts for one document or a sum of documents.
    public struct Score: Sendable, Hashable, Codable {
        /// Truth fields scored.
        public var truthCount = 0
        /// Detected regions scored.
        public var detectedCount = 0
        /// Detections matched one to one with a truth field.
        public var matched = 0
        /// Matches whose category is right.
        public var typeCorrect = 0
        /// Matches whose truth has words to compare a label with (``LabelAgreement``).
        public var labelScored = 0
        /// Of those, matches whose detected label agrees with the truth's tooltip or name.
        public var labelAgreed = 0

        /// Creates an empty score.
        public init() {}

        /// matched / detected (1 when nothing was detected and nothing was there).
        public var precision: Double { detectedCount == 0 ? (truthCount == 0 ? 1 : 0) : Double(matched) / Double(detectedCount) }
        /// matched / truth (1 when there was nothing to find).
        public var recall: Double { truthCount == 0 ? 1 : Double(matched) / Double(truthCount) }
        /// Right types among the matches (1 with no matches).
        public var typeAccuracy: Double { matched == 0 ? 1 : Double(typeCorrect) / Double(matched) }
        /// Agreeing labels among the scorable matches (1 with none).
        public var labelAccuracy: Double { labelScored == 0 ? 1 : Double(labelAgreed) / Double(labelScored) }

        /// The sum of two scores (for overall figures: micro-averaged).
        public static func + (lhs: Score, rhs: Score) -> Score {
            var sum = lhs
            sum.truthCount += rhs.truthCount
            sum.detectedCount += rhs.detectedCount
            sum.matched += rhs.matched
            sum.typeCorrect += rhs.typeCorrect
            sum.labelScored += rhs.labelScored
            sum.labelAgreed += rhs.labelAgreed
            return sum
        }
    }

    /// The minimum intersection over union of a match.
    public static let matchThreshold = 0.5

    /// Matches detections to truth fields and counts.
    public static func score(detected: [FieldRegion], truth: [TruthField]) -> Score {
        var score = Score()
        score.truthCount = truth.count
        score.detectedCount = detected.count
        for (d, t) in matches(detected: detected, truth: truth) {
            score.matched += 1
            let field = truth[t]
            if ScoringCategory(detected[d].fieldType) == field.category { score.typeCorrect += 1 }
            if let agrees = LabelAgreement.agrees(label: detected[d].label, tooltip: field.tooltip, name: field.name) {
                score.labelScored += 1
                if agrees { score.labelAgreed += 1 }
            }
        }
        return score
    }

    /// The matched fields whose detected label disagrees with their tooltip and name, for reports:
    /// `p<page> <name>: "<label>" (tooltip "<tooltip>")`.
    public static func labelMismatches(detected: [FieldRegion], truth: [TruthField]) -> [String] {
        matches(detected: detected, truth: truth).compactMap { d, t in
            let field = truth[t]
            guard LabelAgreement.agrees(label: detected[d].label, tooltip: field.tooltip, name: field.name) == false else { return nil }
            return "p\(field.pageIndex + 1) \(field.name): \"\(detected[d].label)\" (tooltip \"\(field.tooltip)\")"
        }
    }

    /// One-to-one matches (detected index, truth index), best overlaps first, at IoU ``matchThreshold`` or more.
    static func matches(detected: [FieldRegion], truth: [TruthField]) -> [(Int, Int)] {
        var pairs: [(iou: Double, detected: Int, truth: Int)] = []
        for (d, region) in detected.enumerated() {
            let rect = region.rect
            for (t, field) in truth.enumerated() where field.pageIndex == region.pageIndex {
                let iou = rect.intersectionOverUnion(field.rect)
                if iou >= matchThreshold { pairs.append((iou, d, t)) }
            }
        }
        pairs.sort { $0.iou > $1.iou }
        var usedDetected = Set<Int>(), usedTruth = Set<Int>()
        var result: [(Int, Int)] = []
        for pair in pairs where !usedDetected.contains(pair.detected) && !usedTruth.contains(pair.truth) {
            usedDetected.insert(pair.detected)
            usedTruth.insert(pair.truth)
            result.append((pair.detected, pair.truth))
        }
        return result
    }

    /// The page frame truth rectangles are converted with: the user-space box (bottom-left origin) whose
    /// top-left corner is the origin of the detector's frame.
    public struct Frame: Sendable, Hashable {
        /// Left edge in PDF user space (points).
        public var x0: Double
        /// Top edge in PDF user space (points; the larger y).
        public var y1: Double

        /// Creates a frame from a box's left and top edges in PDF user space.
        public init(x0: Double, y1: Double) {
            self.x0 = x0
            self.y1 = y1
        }
    }

    /// Reads a `*.truth.json` file of the shared forms.
    ///
    /// - Parameters:
    ///   - data: The JSON: `{mediabox: [[x0,y0,x1,y1]...], widgets: [{page, type, rect, name, tooltip, hidden}]}`.
    ///   - frames: The frame of each page (the crop box of the born-digital PDF); nil uses the media boxes in
    ///     the file (the frame of the 150-dpi scans).
    /// - Throws: `DecodingError` when the JSON does not have that shape.
    public static func truthFields(json data: Data, frames: [Frame]? = nil) throws -> [TruthField] {
        let file = try JSONDecoder().decode(TruthFile.self, from: data)
        var fields: [TruthField] = []
        for widget in file.widgets where widget.hidden != true {
            guard let category = ScoringCategory(truthType: widget.type), widget.rect.count == 4 else { continue }
            let pageIndex = widget.page - 1
            let frame: Frame
            if let frames, pageIndex < frames.count {
                frame = frames[pageIndex]
            } else if let boxes = file.mediabox, pageIndex >= 0, pageIndex < boxes.count, boxes[pageIndex].count == 4 {
                frame = Frame(x0: boxes[pageIndex][0], y1: boxes[pageIndex][3])
            } else {
                frame = Frame(x0: 0, y1: 792)
            }
            let r = widget.rect
            let rect = PDFRect(x0: r[0] - frame.x0, y0: frame.y1 - r[3], x1: r[2] - frame.x0, y1: frame.y1 - r[1])
            fields.append(TruthField(
                pageIndex: pageIndex, category: category, rect: rect, name: widget.name ?? "", tooltip: widget.tooltip ?? ""))
        }
        return fields
    }

    private struct TruthFile: Decodable {
        var mediabox: [[Double]]?
        var widgets: [TruthWidget]
    }

    private struct TruthWidget: Decodable {
        var page: Int
        var type: String
        var rect: [Double]
        var name: String?
        var tooltip: String?
        var hidden: Bool?
    }
}

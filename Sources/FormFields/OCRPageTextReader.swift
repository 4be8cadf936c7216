import Foundation
public import LegibleImaging
public import LegibleOCR
public import LegiblePDF
import Synchronization

/// A ``PageTextReader`` over one Tesseract engine, started on first use and reused.
///
/// Calls are serialised on the engine: share one reader between detectors, or give each thread its own.
/// Tesseract's sparse-text mode reads each zone; words it is unsure of (confidence under
/// ``minimumConfidence``) or that hold no letter or digit are dropped, since a wrong caption is worse than none.
public final class OCRPageTextReader: PageTextReader {
    private let engine: Mutex<Recognizer?>
    private let configuration: RecognizerConfiguration
    /// Words below this confidence (0...1) are left out.
    public let minimumConfidence: Double

    /// Creates a reader; the engine starts on the first page read.
    ///
    /// - Parameters:
    ///   - configuration: The engine's settings; by default English with dictionaries, no alternatives, and no
    ///     second reading of unsure lines inverted (``defaultConfiguration``).
    ///   - minimumConfidence: Words below it (0...1) are dropped. Default 0.5.
    public init(
        configuration: RecognizerConfiguration = OCRPageTextReader.defaultConfiguration,
        minimumConfidence: Double = 0.5
    ) {
        self.engine = Mutex(nil)
        self.configuration = configuration
        self.minimumConfidence = minimumConfidence
    }

    /// English with dictionaries and no per-symbol alternatives. Tesseract's second pass of its network over
    /// an inverted copy of each unsure line is off: captions on forms are dark on light, and on 2026-11-26 the
    /// scanned forms kept every label (`ocrbench forms --dir ../shared/forms --visual-on-interactive`: 43 of 84
    /// and 98 of 222 agreeing either way) at 0.90x the time per scanned page.
    public static let defaultConfiguration = RecognizerConfiguration(
        collectsAlternatives: false, initVariables: ["tessedit_do_invert": "0"])

    /// The words Tesseract reads in each zone (overlapping zones are merged first), in points.
    ///
    /// - Throws: `OCRError` when the engine cannot start or recognition fails.
    public func words(in image: Image, zones: [PixelRect], pointsPerPixel: Double) throws -> [PDFWord] {
        let areas = zones.isEmpty ? [image.bounds] : Self.merged(zones.compactMap { $0.intersection(image.bounds) })
        let configuration = self.configuration
        let found: [RecognizedWord] = try engine.withLock { (engine: inout Recognizer?) throws -> [RecognizedWord] in
            let recognizer: Recognizer
            if let engine { recognizer = engine } else {
                recognizer = try Recognizer(configuration: configuration)
                engine = recognizer
            }
            var words: [RecognizedWord] = []
            for area in areas {
                words += try recognizer.recognize(image, in: area, mode: .sparseText).words
            }
            return words
        }
        var result: [PDFWord] = []
        var kept: [PixelRect] = []
        var line = 0
        var lastMidY = Int.min
        for word in found.sorted(by: { ($0.box.y + $0.box.height / 2, $0.box.x) < ($1.box.y + $1.box.height / 2, $1.box.x) }) {
            let text = word.text.trimmingCharacters(in: .whitespaces)
            guard word.confidence >= minimumConfidence, text.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
            // Zones of neighbouring rows may overlap: a word read twice is kept once.
            guard !kept.contains(where: { $0.intersectionOverUnion(word.box) > 0.5 }) else { continue }
            kept.append(word.box)
            let midY = word.box.y + word.box.height / 2
            if lastMidY != Int.min, abs(midY - lastMidY) > word.box.height / 2 { line += 1 }
            lastMidY = midY
            result.append(PDFWord(
                text: text,
                rect: PDFRect(
                    x: Double(word.box.x) * pointsPerPixel, y: Double(word.box.y) * pointsPerPixel,
                    width: Double(word.box.width) * pointsPerPixel, height: Double(word.box.height) * pointsPerPixel),
                lineIndex: line))
        }
        return result
    }

    /// `zones` with every pair that overlaps and shares most of its height (one row of text) replaced by its
    /// bounding rectangle, until no such pair is left. Zones of different rows stay apart, so a merge never
    /// grows into the paragraphs between rows.
    static func merged(_ zones: [PixelRect]) -> [PixelRect] {
        var rects = zones.filter { $0.width > 0 && $0.height > 0 }
        var changed = true
        while changed {
            changed = false
            var index = 0
            while index < rects.count {
                var other = index + 1
                while other < rects.count {
                    if let overlap = rects[index].intersection(rects[other]),
                        overlap.height * 2 >= min(rects[index].height, rects[other].height)
                    {
                        rects[index] = rects[index].union(rects[other])
                        rects.remove(at: other)
                        changed = true
                    } else {
                        other += 1
                    }
                }
                index += 1
            }
        }
        return rects.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }
}

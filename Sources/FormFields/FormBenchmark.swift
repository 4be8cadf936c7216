public import Foundation
public import LegiblePDF

/// Runs detection over the shared test forms and scores it (the logic behind `ocrbench forms`).
public struct FormBenchmark {
    /// The score of one document.
    public struct DocumentResult: Sendable, Codable {
        /// File name.
        public var file: String
        /// `born-digital` or `scan`.
        public var kind: String
        /// Pages processed.
        public var pages: Int
        /// Counts.
        public var score: FormScoring.Score
        /// Milliseconds of wall-clock detection time for the whole document (open to regions).
        public var milliseconds: Double
        /// Truth fields no detection matched, for reports.
        public var missed: [String]
        /// How many of `missed` have nothing drawn at them (scored on the interactive forms only): no ink
        /// around or in the field's rectangle and no tint filling it, so nothing on the page shows the field.
        public var missedUndrawn = 0
        /// Matched fields whose label disagrees with the truth, for reports.
        public var labelMismatches: [String] = []
    }

    /// The AcroForm reading check of one interactive form.
    public struct AcroFormResult: Sendable, Codable {
        /// File name.
        public var file: String
        /// Fields expected per category (from MANIFEST.tsv), by unique fully qualified name.
        public var expected: [String: Int]
        /// Fields found per category, by unique fully qualified name.
        public var found: [String: Int]
        /// Widgets found per category (a field with several widgets counts each).
        public var widgets: [String: Int] = [:]
        /// Widgets compared with a truth file (0 when there is none).
        public var widgetsCompared: Int
        /// Of those, widgets found with the right category and a rectangle within 0.5 points.
        public var widgetsExact: Int
        /// Regions detection returned for the form (nil when not counted).
        public var regionsReturned: Int?
        /// The error when the form could not be read.
        public var error: String?

        /// True when detection returned exactly the form's widgets.
        ///
        /// With a truth file, every widget in it must be found with its category and rectangle, and nothing
        /// else returned. Without one, every category's expected count must match: the manifest's count equals
        /// the fields found by name or the widgets found (the manifest counts field dictionaries, and where a
        /// group's kids carry their own `/T`, as Quartz writes radio buttons, they are separate fields with one
        /// shared name, which Poppler reports as one).
        public var passed: Bool {
            guard error == nil, widgetsExact == widgetsCompared else { return false }
            if widgetsCompared > 0, let regionsReturned { return regionsReturned == widgetsCompared }
            return expected.allSatisfy { category, count in
                found[category, default: 0] == count || widgets[category, default: 0] == count
            }
        }
    }

    /// The detector used.
    public var detector: FormFieldDetector

    /// Creates a benchmark around a detector.
    public init(detector: FormFieldDetector = FormFieldDetector()) {
        self.detector = detector
    }

    /// Scores every `derived/<stem>.flat.pdf` and `.scan150.pdf` under `directory` against `<stem>.truth.json`.
    ///
    /// - Throws: file-system errors; per-document PDF errors are thrown too (the dev set must open).
    public func scoreDerived(directory: URL) throws -> [DocumentResult] {
        var results: [DocumentResult] = []
        for derived in try Self.derivedDocuments(in: directory) {
            let (url, kind) = (derived.url, derived.kind)
            let start = DispatchTime.now()
            let document = try PDFDocument(contentsOf: url.path)
            let regions = try detector.detect(document)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
            let truth = try derived.truth(for: document)
            let score = FormScoring.score(detected: regions, truth: truth)
            let missed = Self.unmatched(truth, by: regions).map { "p\($0.pageIndex + 1) \($0.name)" }
            results.append(
                DocumentResult(
                    file: url.lastPathComponent, kind: kind, pages: document.pageCount, score: score,
                    milliseconds: elapsed, missed: missed,
                    labelMismatches: FormScoring.labelMismatches(detected: regions, truth: truth)))
        }
        return results
    }

    /// One derived document of the shared forms: `derived/<stem>.flat.pdf` or `.scan150.pdf` and its truth.
    struct DerivedDocument {
        var stem: String
        var kind: String
        var url: URL
        var truthData: Data

        /// The truth fields in the document's frame: the crop box of born-digital pages, the media boxes of the
        /// truth file for the 150-dpi scans.
        func truth(for document: PDFDocument) throws -> [FormScoring.TruthField] {
            let frames = kind == "born-digital" ? try FormBenchmark.cropFrames(of: document) : nil
            return try FormScoring.truthFields(json: truthData, frames: frames)
        }
    }

    /// The frame of each page of a PDF that truth rectangles are converted with: its crop box.
    static func cropFrames(of document: PDFDocument) throws(PDFError) -> [FormScoring.Frame] {
        try (0..<document.pageCount).map { index throws(PDFError) in
            let crop = try document.page(at: index).cropBox
            return FormScoring.Frame(x0: crop.x0, y1: crop.y1)
        }
    }

    /// The derived documents under `directory`, by stem, born-digital before scan.
    static func derivedDocuments(in directory: URL) throws -> [DerivedDocument] {
        let derived = directory.appendingPathComponent("derived")
        var documents: [DerivedDocument] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: derived.path).sorted()
        where name.hasSuffix(".truth.json") {
            let stem = String(name.dropLast(".truth.json".count))
            let truthData = try Data(contentsOf: derived.appendingPathComponent(name))
            for (suffix, kind) in [(".flat.pdf", "born-digital"), (".scan150.pdf", "scan")] {
                let url = derived.appendingPathComponent(stem + suffix)
                guard FileManager.default.fileExists(atPath: url.path) else { continue }
                documents.append(DerivedDocument(stem: stem, kind: kind, url: url, truthData: truthData))
            }
        }
        return documents
    }

    /// The training table of the learned candidate scorer (`FieldScorer`), as CSV: one row per candidate the
    /// visual rules find on the derived documents under `directory` (before the scorer), with `is_field` 1 when it
    /// is matched one to one with a truth field (IoU ≥ 0.5), and the truth count of each document in `truth`.
    /// Both tables give each document's `split`: `validation` for the stems in `validation`, which the trainer
    /// only reports on, `tuning` for the rest.
    ///
    /// - Throws: file-system and PDF errors.
    public func candidateTable(
        directory: URL, validation: Set<String> = []
    ) throws -> (candidates: String, truth: String) {
        var candidates = "form,kind,split,page,is_field," + CandidateFeatures.names.joined(separator: ",") + "\n"
        var truthCounts = "form,kind,split,truth\n"
        for derived in try Self.derivedDocuments(in: directory) {
            let split = validation.contains(derived.stem) ? "validation" : "tuning"
            let document = try PDFDocument(contentsOf: derived.url.path)
            let truth = try derived.truth(for: document)
            truthCounts += "\(derived.stem),\(derived.kind),\(split),\(truth.count)\n"
            for index in 0..<document.pageCount {
                let scored = try detector.scoredCandidates(on: document.page(at: index), seed: "")
                let regions = scored.map(\.region)
                let matched = Set(FormScoring.matches(detected: regions, truth: truth.filter { $0.pageIndex == index })
                    .map(\.0))
                for (offset, candidate) in scored.enumerated() {
                    let values = candidate.features.values.map { String(format: "%.5g", $0) }
                    let isField = matched.contains(offset) ? 1 : 0
                    candidates += "\(derived.stem),\(derived.kind),\(split),\(index),\(isField),"
                        + values.joined(separator: ",") + "\n"
                }
            }
        }
        return (candidates, truthCounts)
    }

    /// Scores visual detection on the pages of every PDF of `interactive/` under `directory`, ignoring their
    /// widgets for detection and taking them as the truth (their appearances are drawn on the page, as in a
    /// flattened form). A wider check of the visual rules than the four derived forms.
    ///
    /// - Throws: file-system errors; documents that fail to open or render are skipped.
    /// - Parameters:
    ///   - directory: The shared forms folder (with `interactive/`).
    ///   - asScans: render each page at 150 dpi grey and detect on that image wrapped as a PDF (the scan path,
    ///     no text layer) instead of on the page itself.
    ///   - blankOnly: leave the text fields that show a value out of the scoring (their boxes hold printed text,
    ///     which detection on flat forms skips): not in the truth, and detections of them are not counted.
    ///   - drawn: the document to detect on for a form (a flattened copy, its pages matching the form's), or nil
    ///     for the form itself; the truth always comes from the form's widgets.
    public func scoreVisualOnInteractive(
        directory: URL, asScans: Bool = false, blankOnly: Bool = true, drawn: ((URL) -> PDFDocument?)? = nil
    ) throws -> [DocumentResult] {
        let folder = directory.appendingPathComponent("interactive")
        var results: [DocumentResult] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".pdf") {
            let url = folder.appendingPathComponent(name)
            guard let document = try? PDFDocument(contentsOf: url.path) else { continue }
            let shown = drawn?(url) ?? document
            var score = FormScoring.Score()
            var missed: [String] = []
            var missedUndrawn = 0
            var elapsed = 0.0
            for index in 0..<document.pageCount {
                guard let page = try? document.page(at: index) else { continue }
                let drawnPage = (try? shown.page(at: index)) ?? page
                var target = drawnPage
                if asScans {
                    guard let image = try? drawnPage.render(dpi: 150).grayscale(),
                        let scan = try? PDFDocument(image: image, dpi: 150), let scanPage = try? scan.page(at: 0)
                    else { continue }
                    target = scanPage
                }
                let start = DispatchTime.now()
                guard var regions = try? detector.detectVisually(on: target) else { continue }
                elapsed += Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
                let widgets = page.formWidgets()
                // A text field that already shows a value prints as a box holding text, which detection on a
                // flat form may skip: with `blankOnly` it is neither to be found nor an error when found.
                let prefilled = widgets.filter {
                    blankOnly && [.text, .comb, .choice, .multiline].contains($0.kind) && !($0.value ?? "").isEmpty
                }
                regions.removeAll { region in
                    prefilled.contains { $0.rect.intersectionOverUnion(region.rect) >= FormScoring.matchThreshold }
                }
                let truth: [FormScoring.TruthField] = widgets.compactMap { widget in
                    if prefilled.contains(widget) { return nil }
                    let category: ScoringCategory
                    switch widget.kind {
                    case .text, .comb, .choice: category = .text
                    case .multiline: category = .multiline
                    case .checkbox, .radio: category = .checkbox
                    case .signature: category = .signature
                    case .pushbutton, .unknown: return nil
                    }
                    return FormScoring.TruthField(
                        pageIndex: asScans ? 0 : index, category: category, rect: widget.rect, name: widget.name ?? "",
                        tooltip: widget.tooltip ?? "")
                }
                score = score + FormScoring.score(detected: regions, truth: truth)
                let lost = Self.unmatched(truth, by: regions)
                let plain = lost.isEmpty
                    ? nil : try? InkRaster(image: drawnPage.render(dpi: 72), pointsPerPixel: 1, threshold: 215)
                for field in lost {
                    let undrawn = plain.map { !Self.showsSomething($0, at: field.rect) } ?? false
                    if undrawn { missedUndrawn += 1 }
                    missed.append("p\(field.pageIndex + 1) \(field.name)\(undrawn ? " (nothing drawn)" : "")")
                }
            }
            var result = DocumentResult(
                file: name, kind: asScans ? "scans-of-interactive" : "visual-on-interactive", pages: document.pageCount,
                score: score, milliseconds: elapsed, missed: missed)
            result.missedUndrawn = missedUndrawn
            results.append(result)
        }
        return results
    }

    /// The truth fields no region of their page overlaps by the match threshold (IoU 0.5): the misses reported.
    static func unmatched(_ truth: [FormScoring.TruthField], by regions: [FieldRegion]) -> [FormScoring.TruthField] {
        truth.filter { field in
            !regions.contains { r in
                r.pageIndex == field.pageIndex
                    && r.rect.intersectionOverUnion(field.rect)
                        >= FormScoring.matchThreshold
            }
        }
    }

    /// True when a 72-dpi raster of the page (one pixel a point) shows something at `rect`: a few pixels of ink
    /// in it or within 2 points around it (a border, a line, a caption inside), or a tint over half of it.
    static func showsSomething(_ raster: InkRaster, at rect: PDFRect) -> Bool {
        let x0 = max(0, Int(rect.x) - 2), y0 = max(0, Int(rect.y) - 2)
        let x1 = min(raster.width, Int(rect.maxX.rounded(.up)) + 2)
        let y1 = min(raster.height, Int(rect.maxY.rounded(.up)) + 2)
        guard x0 < x1, y0 < y1 else { return false }
        let area = (x1 - x0) * (y1 - y0)
        if raster.inkFraction(Box(x0: x0, y0: y0, x1: x1, y1: y1)) * Double(area) > 3 { return true }
        var tinted = 0
        for y in y0..<y1 {
            for x in x0..<x1 where raster.gray[y * raster.width + x] < 245 { tinted += 1 }
        }
        return 2 * tinted > area
    }

    /// Checks AcroForm reading on every PDF of `interactive/` under `directory`: field counts per category
    /// against `MANIFEST.tsv`, and widget rectangles and types against `derived/*.truth.json` where present.
    public func checkAcroForms(directory: URL) throws -> [AcroFormResult] {
        let manifest = try String(contentsOf: directory.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        var expectedCounts: [String: [String: Int]] = [:]
        for line in manifest.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 9, columns[0].hasPrefix("interactive/") else { continue }
            let numbers = columns[4...8].map { Int($0) ?? 0 }
            expectedCounts[String(columns[0].dropFirst("interactive/".count))] = [
                "text": numbers[0] + numbers[3], "checkbox": numbers[1] + numbers[2], "signature": numbers[4],
            ]
        }
        var truthBySource: [String: Data] = [:]
        let derived = directory.appendingPathComponent("derived")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: derived.path)) ?? [] where name.hasSuffix(".truth.json") {
            let data = try Data(contentsOf: derived.appendingPathComponent(name))
            if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let source = object["source"] as? String
            {
                truthBySource[source] = data
            }
        }
        var results: [AcroFormResult] = []
        for (file, expected) in expectedCounts.sorted(by: { $0.key < $1.key }) {
            var result = AcroFormResult(file: file, expected: expected, found: [:], widgetsCompared: 0, widgetsExact: 0)
            do {
                let document = try PDFDocument(contentsOf: directory.appendingPathComponent("interactive/\(file)").path)
                let regions = try detector.detect(document).filter { $0.source == .acroform }
                var names: [String: Set<String>] = [:]
                var widgets: [String: Int] = [:]
                for region in regions {
                    let category = ScoringCategory(region.fieldType)
                    let key = category == .multiline ? "text" : category.rawValue
                    names[key, default: []].insert(region.name ?? region.id)
                    widgets[key, default: 0] += 1
                }
                let zero = ["text": 0, "checkbox": 0, "signature": 0]
                result.found = zero.merging(names.mapValues(\.count)) { $1 }
                result.widgets = zero.merging(widgets) { $1 }
                if let truthData = truthBySource[file] {
                    let truth = try FormScoring.truthFields(json: truthData, frames: Self.cropFrames(of: document))
                    result.widgetsCompared = truth.count
                    result.regionsReturned = regions.count
                    result.widgetsExact = truth.filter { field in
                        regions.contains { r in
                            r.pageIndex == field.pageIndex && ScoringCategory(r.fieldType) == field.category
                                && abs(r.x - field.rect.x) < 0.5 && abs(r.y - field.rect.y) < 0.5
                                && abs(r.width - field.rect.width) < 0.5 && abs(r.height - field.rect.height) < 0.5
                        }
                    }.count
                }
            } catch {
                result.error = "\(error)"
            }
            results.append(result)
        }
        return results
    }
}

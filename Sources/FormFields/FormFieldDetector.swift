import LegibleImaging
public import LegiblePDF

/// Finds the fillable regions of a document: its AcroForm widgets when it has any, otherwise what the pages
/// show (boxes, table cells, rulings, comb cells, check boxes), with labels and types.
///
/// An interactive form's widgets are its fields: the author put a widget wherever a value goes, and the boxes,
/// lines and address blocks of its other pages (instructions, worksheets) are not places a value is written.
/// Visual regions are added to an interactive form only when asked (`addsVisualRegionsToInteractiveForms`), and
/// then only where no widget is near.
public struct FormFieldDetector: Sendable {
    /// Raster resolution for pages with a text layer (born-digital), pixels per inch.
    public var bornDigitalDPI: Double
    /// Raster resolution for pages without a text layer (scans), pixels per inch.
    public var scanDPI: Double
    /// Reads labels off scanned pages; nil leaves labels of scanned pages empty.
    public var textReader: (any PageTextReader)?
    /// Whether a document with AcroForm widgets also gets the regions its pages show where no widget is within
    /// `widgetClearance` points. Off by default: the widgets are the form's fields.
    public var addsVisualRegionsToInteractiveForms: Bool
    /// How far (points) a visual region must stay from every widget to be added to an interactive form.
    public static let widgetClearance = 4.0

    /// Creates a detector. 100 dpi is enough for born-digital rulings; scans are read at their usual 150 dpi.
    ///
    /// By default scanned pages get their labels from a Tesseract engine of this detector's own, started on
    /// the first scanned page (about 0.1 s and 15 MB); pass a shared reader to reuse one, or nil for none.
    public init(
        bornDigitalDPI: Double = 100, scanDPI: Double = 150,
        textReader: (any PageTextReader)? = OCRPageTextReader(), addsVisualRegionsToInteractiveForms: Bool = false
    ) {
        self.bornDigitalDPI = bornDigitalDPI
        self.scanDPI = scanDPI
        self.textReader = textReader
        self.addsVisualRegionsToInteractiveForms = addsVisualRegionsToInteractiveForms
    }

    /// The field regions of every page, page by page, top to bottom.
    ///
    /// Not thread-safe in the document's sense: call it from the task that owns `document`.
    /// - Throws: `PDFError.xfaOnly` for a dynamic XFA form without AcroForm widgets whose pages show no
    ///   fields, `PDFError.image` / `.rasterTooLarge` when a page cannot be rasterised.
    public func detect(_ document: PDFDocument) throws(PDFError) -> [FieldRegion] {
        var documentHash = StableID()
        document.data.withUnsafeBytes { documentHash.add($0) }
        let seed = documentHash.uuidString
        let pages = try (0..<document.pageCount).map { index throws(PDFError) in try document.page(at: index) }
        let widgetsByPage = pages.map { $0.formWidgets() }
        let anyWidgets = widgetsByPage.contains { !$0.isEmpty }
        var regions: [FieldRegion] = []
        // Pages with widgets are looked at without them: the widgets are reported from the AcroForm, and drawing
        // one may make Poppler build its appearance, which for a hostile form can take seconds (`PDFPage.render`).
        var withoutWidgets: PDFDocument?
        for (page, widgets) in zip(pages, widgetsByPage) {
            let widgetRegions = widgets.compactMap { region(for: $0, seed: seed) }
            regions += widgetRegions
            guard !anyWidgets || addsVisualRegionsToInteractiveForms else { continue }
            var shown = page
            if !widgets.isEmpty {
                let copy: PDFDocument
                if let withoutWidgets { copy = withoutWidgets } else {
                    copy = try PDFDocument(data: document.data, options: document.options)
                    withoutWidgets = copy
                }
                shown = try copy.page(at: page.index)
                _ = shown.hideWidgets(matching: nil)
            }
            let visual = try detectVisually(on: shown, seed: seed)
            let margin = Self.widgetClearance
            let widgetRects = widgetRegions.map(\.rect)
            regions += visual.filter { candidate in
                let clear = PDFRect(
                    x: candidate.x - margin, y: candidate.y - margin, width: candidate.width + 2 * margin,
                    height: candidate.height + 2 * margin)
                return !widgetRects.contains { clear.intersection($0) != nil }
            }
        }
        if !anyWidgets, document.hasXFA, regions.isEmpty { throw PDFError.xfaOnly }
        return regions
    }

    /// The regions of one page found visually (ignoring any widgets), for pages without AcroForm fields.
    ///
    /// Each region's `confidence` is the probability a learned scorer gives it of being a field, from general
    /// features of the candidate (`Docs/FieldScorer.md`): on forms nobody tuned on, regions at 0.95 or more are
    /// fields about nine times in ten, lower ones much less often than they claim.
    ///
    /// - Throws: `PDFError.image` / `.rasterTooLarge` when the page cannot be rasterised.
    public func detectVisually(on page: PDFPage, seed: String = "") throws(PDFError) -> [FieldRegion] {
        let scorer = FieldScorer.trained
        return try scoredCandidates(on: page, seed: seed).compactMap { region, features in
            let probability = scorer.probability(features)
            guard probability >= scorer.threshold else { return nil }
            var kept = region
            kept.confidence = probability
            return kept
        }
    }

    /// Every candidate the visual rules find on a page, as a region (rule confidence, label, type), with the
    /// features the learned scorer judges it by, top to bottom. The training table of the scorer is made of these.
    func scoredCandidates(
        on page: PDFPage, seed: String
    ) throws(PDFError) -> [(region: FieldRegion, features: CandidateFeatures)] {
        let text = TextLeaders.find(in: page.glyphs())
        var words = text.words
        let isScan = words.isEmpty && text.leaders.isEmpty
        let dpi = isScan ? scanDPI : bornDigitalDPI
        let image = try page.render(dpi: dpi)
        let pointsPerPixel = 72 / dpi
        let candidates: [VisualCandidate]
        let raster: InkRaster
        do {
            // A born-digital render has no noise: its pale anti-aliased hairlines are rulings too.
            raster = try InkRaster(image: image, pointsPerPixel: pointsPerPixel, threshold: isScan ? 160 : 200)
            // Boxes and marks drawn as text: ballot boxes, squares and circles, and the ticks, crosses and dots a
            // flattened form's checked boxes and chosen radios show (ZapfDingbats 4, 8 and l come out as U+2714,
            // U+2718 and U+25CF). Such a word inside a check box is its mark, not a letter beside it.
            let boxGlyphs: Set<Unicode.Scalar> = [
                "\u{2610}", "\u{2611}", "\u{2612}", "\u{25A1}", "\u{25CB}", "\u{25EF}", "\u{274F}", "\u{25A0}",
                "\u{2713}", "\u{2714}", "\u{2715}", "\u{2716}", "\u{2717}", "\u{2718}", "\u{25CF}", "\u{25C9}",
                "\u{25C6}", "\u{2605}",
            ]
            func pixels(_ rect: PDFRect) -> Box {
                Box(
                    x0: Int(rect.x / pointsPerPixel), y0: Int(rect.y / pointsPerPixel),
                    x1: Int((rect.maxX / pointsPerPixel).rounded(.up)), y1: Int((rect.maxY / pointsPerPixel).rounded(.up)))
            }
            // Symbol fonts (Wingdings, Symbol, Dingbats without a Unicode map) put their glyphs in the Private
            // Use Area: such a glyph is a drawing, not a letter, and the raster decides whether it is a box.
            let privateUse: ClosedRange<UInt32> = 0xE000...0xF8FF
            let letters = words.filter { word in
                !word.text.unicodeScalars.contains { boxGlyphs.contains($0) || privateUse.contains($0.value) }
            }
                .map { pixels($0.rect) }
            let hints = words.filter { FieldTyper.isDatePlaceholder($0.text) }.map { pixels($0.rect) }
            let captionEnds = words.filter { $0.text.hasSuffix(":") || $0.text.hasSuffix("#") }
                .map { pixels($0.rect) }
            let lineNumbers = words.filter { TextLeaders.isLineNumber($0.text) }.map { pixels($0.rect) }
            candidates = try VisualDetector(
                raster: raster, letterBoxes: isScan ? [] : letters, hasTextLayer: !isScan, hintBoxes: hints,
                leaderBoxes: text.leaders.map(pixels), captionEndBoxes: captionEnds, lineNumberBoxes: lineNumbers
            ).detect()
        } catch let error as PDFError {
            throw error
        } catch {
            throw PDFError.image(reason: "\(error)")
        }
        func points(_ box: Box) -> PDFRect {
            PDFRect(
                x: Double(box.x0) * pointsPerPixel, y: Double(box.y0) * pointsPerPixel,
                width: Double(box.width) * pointsPerPixel, height: Double(box.height) * pointsPerPixel)
        }
        if isScan, let textReader, !candidates.isEmpty {
            // OCR costs about 0.4 ms a character, so a scanned page is read only where captions can
            // be, nearest first: each field's cell and the run to its left (and right of a check box); then the
            // lines above and below the fields those leave without a caption (below a taller box only when
            // nothing is right above it); then the column headers over captions that are only a number ("(6)").
            // Zones of neighbouring fields overlap: a word read again is kept once.
            func read(_ zones: [PDFRect]) {
                let pixels = zones.map { zone in
                    PixelRect(
                        x: Int(zone.x / pointsPerPixel), y: Int(zone.y / pointsPerPixel),
                        width: Int((zone.width / pointsPerPixel).rounded(.up)),
                        height: Int((zone.height / pointsPerPixel).rounded(.up)))
                }
                guard !pixels.isEmpty else { return }
                let found = (try? textReader.words(in: image, zones: pixels, pointsPerPixel: pointsPerPixel)) ?? []
                let known = words
                words += found.filter { word in !known.contains { $0.rect.intersectionOverUnion(word.rect) > 0.5 } }
            }
            let fields = candidates.map {
                (rect: points($0.box), cell: $0.cell.map(points), isCheckbox: $0.shape == .checkbox)
            }
            read(fields.flatMap {
                LabelFinder.nearCaptionZones(for: $0.rect, cell: $0.cell, isCheckbox: $0.isCheckbox)
            })
            let near = LabelFinder(words: words, fields: fields.map(\.rect))
            let uncaptioned = fields.filter {
                !near.hasNearCaption(for: $0.rect, cell: $0.cell, isCheckbox: $0.isCheckbox)
            }
            // A box taller than one line takes a caption from below only when none is right above it.
            read(uncaptioned.flatMap { field in
                let below = LabelFinder.isOneLine(field.rect) ? LabelFinder.captionZoneBelow(field.rect) : nil
                return [LabelFinder.captionZoneAbove(field.rect), below].compactMap { $0 }
            })
            let above = LabelFinder(words: words, fields: fields.map(\.rect))
            read(uncaptioned.filter { !LabelFinder.isOneLine($0.rect) && !above.hasCaptionAbove(for: $0.rect) }
                .compactMap { LabelFinder.captionZoneBelow($0.rect) })
            let first = LabelFinder(words: words, fields: fields.map(\.rect))
            read(fields.filter { field in
                guard !field.isCheckbox else { return false }
                let label = first.label(for: field.rect, cell: field.cell, isCheckbox: false)
                return !label.isEmpty && !label.contains(where: \.isLetter)
            }.map { LabelFinder.headerZone(above: $0.rect) })
        }
        let labels = LabelFinder(words: words, fields: candidates.map { points($0.box) })
        var regions: [FieldRegion] = []
        for candidate in candidates {
            var rect = points(candidate.box)
            let isCheckbox = candidate.shape == .checkbox
            var label = labels.label(for: rect, cell: candidate.cell.map(points), isCheckbox: isCheckbox)
            if candidate.shape == .box, let cell = candidate.cell.map(points),
                let caption = labels.valueCaption(for: rect, cell: cell)
            {
                // A filled-in box: the field is the whole box, named by the caption outside it.
                (rect, label) = (cell, caption)
            }
            var type = FieldTyper.type(label: label, width: rect.width, height: rect.height, isCheckbox: isCheckbox)
            if candidate.shape == .comb, type == .multiline { type = .text }
            regions.append(
                FieldRegion(
                    id: Self.id(seed: seed, page: page.index, rect: rect), pageIndex: page.index, x: rect.x, y: rect.y,
                    width: rect.width, height: rect.height, fieldType: type, label: LabelFinder.cleaned(label),
                    confidence: candidate.confidence, source: .detected, maxLength: candidate.maxLength))
        }
        let features = CandidateFeatures.of(
            candidates: candidates, regions: regions, words: words, raster: raster, isScan: isScan)
        return zip(regions, features).map { (region: $0, features: $1) }
            .sorted { ($0.region.y, $0.region.x) < ($1.region.y, $1.region.x) }
    }

    private func region(for widget: PDFFormWidget, seed: String) -> FieldRegion? {
        let type: FieldType
        switch widget.kind {
        case .pushbutton: return nil
        case .checkbox, .radio: type = .checkbox
        case .signature: type = .signature
        case .multiline: type = .multiline
        case .choice: type = .text
        case .text, .comb:
            let typed = FieldTyper.type(
                label: widget.tooltip ?? widget.name ?? "", width: widget.rect.width, height: 0, isCheckbox: false)
            type = typed == .signature || typed == .multiline ? .text : typed
        case .unknown: type = .unknown
        }
        let rect = widget.rect
        return FieldRegion(
            id: Self.id(seed: seed, page: widget.pageIndex, rect: rect), pageIndex: widget.pageIndex, x: rect.x,
            y: rect.y, width: rect.width, height: rect.height, fieldType: type,
            label: widget.tooltip ?? widget.name ?? "", confidence: 1, source: .acroform, name: widget.name,
            maxLength: widget.maxLength, options: widget.options)
    }

    static func id(seed: String, page: Int, rect: PDFRect) -> String {
        var hash = StableID()
        hash.add(seed)
        hash.add(page)
        for value in [rect.x, rect.y, rect.width, rect.height] { hash.add(Int((value * 10).rounded())) }
        return hash.uuidString
    }
}

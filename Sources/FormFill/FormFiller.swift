import Foundation
public import LegiblePDF

/// Writes values into a PDF form: as an overlay (the values drawn over the pages, the form flattened) or into
/// the AcroForm fields.
///
/// The input document is only read; the result is new bytes: the original followed by an incremental update
/// where the document's structure allows it, else the pages redrawn through Poppler (see `Docs/FormFill.md`).
public struct FormFiller: Sendable {
    /// Limits and permissions.
    public var options: FillOptions

    /// Creates a filler.
    public init(options: FillOptions = .default) { self.options = options }

    /// Fills `fields` of `document` with `values` (keys matched by id, AcroForm name or label).
    ///
    /// - Parameters:
    ///   - document: The open form.
    ///   - fields: Where values go: ``FillField/acroFormFields(of:)`` or detected regions.
    ///   - values: The user's values.
    ///   - mode: ``FillMode/overlay`` (flattened, the same in every viewer) or ``FillMode/interactive``.
    /// - Returns: The PDF bytes and warnings (unknown keys, values that did not fit, read-only fields).
    /// - Throws: ``FillError`` when the document cannot be drawn or saved, or a signature image is unusable.
    public func fill(
        document: PDFDocument, fields: [FillField], values: FillValues, mode: FillMode
    ) throws(FillError) -> FillResult {
        let (assigned, matchWarnings) = ValueMatcher(fields: fields).assign(values)
        var warnings = matchWarnings
        var prepared: [Int: String] = [:]
        for (index, raw) in assigned {
            let field = fields[index]
            if raw.utf8.count > options.maxValueBytes {
                warnings.append(FillWarning(
                    kind: .skipped, field: Self.name(field),
                    message: "value is \(raw.utf8.count) bytes; the limit is \(options.maxValueBytes); not used"))
                continue
            }
            if field.isReadOnly {
                warnings.append(FillWarning(
                    kind: .readOnly, field: Self.name(field), message: "field is read-only; the value was not set"))
                continue
            }
            if field.kind == .unsupported { continue }
            prepared[index] = Self.sanitized(raw)
        }
        switch mode {
        case .overlay:
            return try overlay(document: document, fields: fields, values: prepared, warnings: warnings)
        case .interactive:
            return try interactive(document: document, fields: fields, values: prepared, warnings: warnings)
        }
    }

    /// The name a warning uses for a field.
    static func name(_ field: FillField) -> String { field.name ?? field.label ?? field.id }

    /// Control characters (other than line breaks and tabs) removed; tabs become spaces.
    static func sanitized(_ value: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            if scalar == "\n" { scalars.append(scalar) }
            else if scalar == "\r" { continue }
            else if scalar == "\t" { scalars.append(" ") }
            else if scalar.properties.generalCategory == .control { continue }
            else { scalars.append(scalar) }
        }
        return String(scalars)
    }

    // MARK: Overlay

    private func overlay(
        document: PDFDocument, fields: [FillField], values: [Int: String], warnings: [FillWarning]
    ) throws(FillError) -> FillResult {
        if let composed = try composedOverlay(document: document, fields: fields, values: values, warnings: warnings) {
            return composed
        }
        return try renderedOverlay(document: document, fields: fields, values: values, warnings: warnings)
    }

    /// The overlay as an incremental update of the original: only the values are drawn (by Cairo, onto pages
    /// of their own), then put over the original pages, and an interactive form's widgets are flattened into
    /// their pages. Nil when the document's structure does not allow it (encrypted, cross-references Poppler
    /// had to rebuild): the caller then redraws every page through Poppler.
    private func composedOverlay(
        document: PDFDocument, fields: [FillField], values: [Int: String], warnings: [FillWarning]
    ) throws(FillError) -> FillResult? {
        guard let composer = try? PDFOverlayComposer(data: document.data) else { return nil }
        var warnings = warnings
        var filled = 0
        var request = PDFOverlayComposer.Request()
        let byPage = Dictionary(grouping: values.keys.sorted(), by: { fields[$0].pageIndex })
        let pageIndices = byPage.keys.sorted().filter { $0 >= 0 && $0 < document.pageCount }
        if let firstIndex = pageIndices.first {
            let first = try page(document, firstIndex)
            let writer = try CairoPDFWriter(width: first.width, height: first.height)
            let drawer = ValueDrawer(context: writer.context)
            let recording = ValueDrawer.recording(context: writer.context)
            var overlayIndex = 0
            for pageIndex in pageIndices {
                let indices = byPage[pageIndex] ?? []
                // Windows-1252 text is written in the standard Helvetica (nothing embedded); the rest is drawn.
                let written = indices.filter { Self.writesAsHelvetica(values[$0] ?? "", field: fields[$0]) }
                var blocks: [PDFTextBlock] = []
                for index in written {
                    guard let value = values[index] else { continue }
                    recording.recorder?.runs = []
                    let outcome = try draw(value, field: fields[index], with: recording, radioGroup: fields)
                    if outcome != .nothing { filled += 1 }
                    if let warning = Self.warning(for: outcome, field: fields[index]) { warnings.append(warning) }
                    blocks.append(PDFTextBlock(box: fields[index].rect, runs: recording.recorder?.runs ?? []))
                }
                request.textBlocks[pageIndex] = blocks
                let drawnIndices = indices.filter { !written.contains($0) }
                guard !drawnIndices.isEmpty else { continue }
                let page = pageIndex == firstIndex ? first : try self.page(document, pageIndex)
                writer.beginPage(width: page.width, height: page.height)
                let drawn = try drawValues(drawnIndices, fields: fields, values: values, with: drawer)
                filled += drawn.filled
                warnings += drawn.warnings
                try writer.endPage()
                request.overlayPages[pageIndex] = overlayIndex
                overlayIndex += 1
            }
            if overlayIndex > 0 { request.overlay = try writer.finish() }
        }
        let widgets = (try? document.formWidgets()) ?? []
        request.flattenWidgets = !widgets.isEmpty
        let replacing = Set(values.keys.compactMap { fields[$0].acroFormFieldID })
        for widget in widgets where replacing.contains(widget.fieldID) {
            let replaced = PDFOverlayComposer.ReplacedWidget(rect: widget.rect, showsValue: !(widget.value ?? "").isEmpty)
            request.replacedWidgets[widget.pageIndex, default: []].append(replaced)
        }
        guard let data = try? composer.compose(request, pageCount: document.pageCount).data,
            let check = try? PDFDocument(data: data, options: document.options), check.pageCount == document.pageCount
        else { return nil }
        return FillResult(data: data, warnings: warnings, filledCount: filled)
    }

    /// The overlay drawn the long way: every page rendered for printing onto a Cairo PDF surface through
    /// Poppler, the values drawn on top.
    private func renderedOverlay(
        document: PDFDocument, fields: [FillField], values: [Int: String], warnings: [FillWarning]
    ) throws(FillError) -> FillResult {
        var warnings = warnings
        var filled = 0
        let document = try withoutOldAppearances(document, fields: fields, values: values)
        // Printing draws every image through Poppler, which decodes each one whole first.
        do { try document.checkImageSizes() } catch { throw FillError.document(reason: error.description) }
        // Cairo subsets the fonts Poppler draws with when the surface is finished, trusting their tables.
        if let damage = document.damagedFontProgram() {
            throw FillError.document(
                reason: "an embedded font is damaged (\(damage)), and redrawing a document whose structure had "
                    + "to be rebuilt needs its fonts; repair the PDF (save it again from a PDF editor) and fill again")
        }
        let first = try page(document, 0)
        let writer = try CairoPDFWriter(width: first.width, height: first.height)
        let drawer = ValueDrawer(context: writer.context)
        let byPage = Dictionary(grouping: values.keys.sorted(), by: { fields[$0].pageIndex })
        for pageIndex in 0..<document.pageCount {
            let page = pageIndex == 0 ? first : try self.page(document, pageIndex)
            writer.beginPage(width: page.width, height: page.height)
            page.renderForPrinting(into: writer.context)
            try writer.check("rendering page \(pageIndex + 1)")
            let drawn = try drawValues(byPage[pageIndex] ?? [], fields: fields, values: values, with: drawer)
            filled += drawn.filled
            warnings += drawn.warnings
            try writer.endPage()
        }
        // Cairo writes the fonts and images Poppler drew when the surface is finished, with objects the document
        // owns (its font engine among them); an optimised build may release the document after its last use
        // above, so it is kept alive until the surface is finished.
        let data = try withExtendedLifetime(document) { () throws(FillError) -> Data in try writer.finish() }
        return FillResult(data: data, warnings: warnings, filledCount: filled)
    }

    /// Draws the values of `indices` (fields on the current page) and says how many were drawn and what did
    /// not fit.
    private func drawValues(
        _ indices: [Int], fields: [FillField], values: [Int: String], with drawer: ValueDrawer
    ) throws(FillError) -> (filled: Int, warnings: [FillWarning]) {
        var filled = 0
        var warnings: [FillWarning] = []
        for index in indices {
            guard let value = values[index] else { continue }
            let field = fields[index]
            let outcome = try draw(value, field: field, with: drawer, radioGroup: fields)
            if outcome != .nothing { filled += 1 }
            if let warning = Self.warning(for: outcome, field: field) { warnings.append(warning) }
        }
        return (filled, warnings)
    }

    /// True when `value` is written in the standard Helvetica rather than drawn with an embedded font: text
    /// fields, combs and choices (not signatures or check boxes, which keep their drawn look) whose
    /// characters are all in Windows-1252.
    static func writesAsHelvetica(_ value: String, field: FillField) -> Bool {
        switch field.kind {
        case .text, .multiline, .choice, .comb, .unsupported:
            return PDFTextRun.winAnsiBytes(value.replacing("\n", with: " ")) != nil
        case .checkbox, .radio, .signature:
            return false
        }
    }

    /// The warning a drawing outcome calls for (clipped or truncated values); nil when it was drawn whole.
    static func warning(for outcome: DrawOutcome, field: FillField) -> FillWarning? {
        switch outcome {
        case .drawn, .nothing: return nil
        case .clipped:
            return FillWarning(
                kind: .didNotFit, field: name(field),
                message: "value did not fit the box at the smallest font size and was clipped")
        case .truncated(let dropped):
            return FillWarning(
                kind: .truncated, field: name(field),
                message: "value has \(dropped) more characters than the field's \(field.maxLength ?? 0) cells; they were dropped")
        }
    }

    /// The document to draw: `document` itself, or when a filled AcroForm field's widget shows something of
    /// its own (a combo box's selection, a previous value), a fresh copy of it with those widgets hidden, so
    /// the old appearance does not print under the new value. The caller's document is never changed.
    private func withoutOldAppearances(
        _ document: PDFDocument, fields: [FillField], values: [Int: String]
    ) throws(FillError) -> PDFDocument {
        let ids = Set(values.keys.compactMap { fields[$0].acroFormFieldID })
        guard !ids.isEmpty else { return document }
        let showing = ((try? document.formWidgets()) ?? []).filter { widget in
            guard ids.contains(widget.fieldID) else { return false }
            switch widget.kind {
            case .choice, .text, .multiline, .comb: return !(widget.value ?? "").isEmpty
            default: return false
            }
        }
        guard !showing.isEmpty else { return document }
        let copy: PDFDocument
        do { copy = try PDFDocument(data: document.data, options: document.options) } catch {
            throw FillError.document(reason: error.description)
        }
        for (pageIndex, widgets) in Dictionary(grouping: showing, by: \.pageIndex) {
            _ = try page(copy, pageIndex).hideWidgets(matching: widgets.map(\.rect))
        }
        return copy
    }

    func page(_ document: PDFDocument, _ index: Int) throws(FillError) -> PDFPage {
        do { return try document.page(at: index) } catch { throw FillError.document(reason: error.description) }
    }

    func draw(
        _ value: String, field: FillField, with drawer: ValueDrawer, radioGroup: [FillField]
    ) throws(FillError) -> DrawOutcome {
        let alignment: DrawBox.Alignment = field.alignment == 1 ? .center : field.alignment == 2 ? .trailing : .leading
        var box = DrawBox(
            x: field.rect.x, y: field.rect.y, width: field.rect.width, height: field.rect.height, layout: .line,
            alignment: alignment)
        switch field.kind {
        case .text, .choice, .unsupported:
            if let maxLength = field.maxLength, value.count > maxLength {
                box.layout = .line
                let outcome = try drawer.draw(text: String(value.prefix(maxLength)), in: box)
                return outcome == .drawn ? .truncated(dropped: value.count - maxLength) : outcome
            }
            return try drawer.draw(text: value, in: box)
        case .multiline:
            box.layout = .multiline
            return try drawer.draw(text: value, in: box)
        case .comb:
            box.layout = .comb(cells: field.maxLength ?? 0)
            return try drawer.draw(text: value, in: box)
        case .checkbox:
            return try drawer.drawCheck(FillValue.isTruthy(value), in: box)
        case .radio:
            return try drawer.drawCheck(Self.radioIsOn(value, field: field), in: box)
        case .signature:
            if let png = try signatureImage(value, field: field) {
                return drawer.draw(image: png, in: box)
            }
            box.layout = .signature
            return try drawer.draw(text: value, in: box)
        }
    }

    /// A radio button is on when the value names its on-state, or is truthy and the button has no name.
    static func radioIsOn(_ value: String, field: FillField) -> Bool {
        if let on = field.onStateName { return on == value || on.lowercased() == value.lowercased() }
        return FillValue.isTruthy(value)
    }

    /// The PNG a signature value carries (data URL, or a file path when allowed); nil for text signatures.
    func signatureImage(_ value: String, field: FillField) throws(FillError) -> PNGImageSurface? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        let bytes: Data
        if trimmed.lowercased().hasPrefix("data:image/") {
            guard let comma = trimmed.firstIndex(of: ","), trimmed[..<comma].lowercased().hasSuffix(";base64"),
                let decoded = Data(base64Encoded: String(trimmed[trimmed.index(after: comma)...]),
                    options: .ignoreUnknownCharacters)
            else {
                throw FillError.unreadableSignatureImage(field: Self.name(field), reason: "the data URL is not base64")
            }
            bytes = decoded
        } else if options.allowsImageFiles, trimmed.lowercased().hasSuffix(".png"), !trimmed.contains("\n") {
            guard let data = FileManager.default.contents(atPath: trimmed) else {
                throw FillError.unreadableSignatureImage(field: Self.name(field), reason: "cannot read \(trimmed)")
            }
            bytes = data
        } else {
            return nil
        }
        do { return try PNGImageSurface(png: bytes) } catch {
            throw FillError.unreadableSignatureImage(field: Self.name(field), reason: error.reason)
        }
    }
}

import Foundation
public import LegiblePDF

/// Writes values into a PDF form: as an overlay (each page redrawn with the values on top) or into the
/// AcroForm fields.
///
/// The input document is only read; the result is new bytes.
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
        var warnings = warnings
        var filled = 0
        let document = try withoutOldAppearances(document, fields: fields, values: values)
        let first = try page(document, 0)
        let writer = try CairoPDFWriter(width: first.width, height: first.height)
        let drawer = ValueDrawer(context: writer.context)
        let byPage = Dictionary(grouping: values.keys.sorted(), by: { fields[$0].pageIndex })
        for pageIndex in 0..<document.pageCount {
            let page = pageIndex == 0 ? first : try self.page(document, pageIndex)
            writer.beginPage(width: page.width, height: page.height)
            page.renderForPrinting(into: writer.context)
            try writer.check("rendering page \(pageIndex + 1)")
            for index in byPage[pageIndex] ?? [] {
                guard let value = values[index] else { continue }
                let field = fields[index]
                let outcome = try draw(value, field: field, with: drawer, radioGroup: fields)
                switch outcome {
                case .drawn: filled += 1
                case .nothing: break
                case .clipped:
                    filled += 1
                    warnings.append(FillWarning(
                        kind: .didNotFit, field: Self.name(field),
                        message: "value did not fit the box at the smallest font size and was clipped"))
                case .truncated(let dropped):
                    filled += 1
                    warnings.append(FillWarning(
                        kind: .truncated, field: Self.name(field),
                        message: "value has \(dropped) more characters than the field's \(field.maxLength ?? 0) cells; they were dropped"))
                }
            }
            try writer.endPage()
        }
        return FillResult(data: try writer.finish(), warnings: warnings, filledCount: filled)
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

    private func page(_ document: PDFDocument, _ index: Int) throws(FillError) -> PDFPage {
        do { return try document.page(at: index) } catch { throw FillError.document(reason: error.description) }
    }

    private func draw(
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

import Foundation
import LegiblePDF

extension FormFiller {
    /// Sets the values on the AcroForm fields; the form stays fillable.
    ///
    /// Written as an incremental update of the original (``PDFOverlayComposer``): `/V` on each field, `/AS` on
    /// buttons, and for text a new appearance (the old one's border and background, the value drawn by
    /// Cairo with subset fonts, so any script shows and no font is embedded whole), `/NeedAppearances` off.
    /// Documents whose structure cannot be updated that way (encrypted, damaged cross-references) are filled
    /// through Poppler instead (``popplerInteractive(document:fields:values:warnings:)``).
    func interactive(
        document: PDFDocument, fields: [FillField], values: [Int: String], warnings: [FillWarning]
    ) throws(FillError) -> FillResult {
        guard fields.contains(where: { $0.acroFormFieldID != nil }) else { throw FillError.noInteractiveFields }
        if let composed = try composedInteractive(document: document, fields: fields, values: values, warnings: warnings) {
            return composed
        }
        return try popplerInteractive(document: document, fields: fields, values: values, warnings: warnings)
    }

    /// The value to set on `field`, or nil (with a warning) when it cannot be set interactively: detected
    /// regions without a field, signatures. Too-long text is cut to the field's maximum length.
    static func interactiveValue(_ raw: String, field: FillField, warnings: inout [FillWarning]) -> PDFFieldValue? {
        guard field.acroFormFieldID != nil else {
            warnings.append(FillWarning(
                kind: .skipped, field: name(field),
                message: "detected region has no AcroForm field; fill with --flatten to draw it"))
            return nil
        }
        var value = raw
        if let maxLength = field.maxLength, value.count > maxLength,
            field.kind == .text || field.kind == .comb || field.kind == .multiline
        {
            warnings.append(FillWarning(
                kind: .truncated, field: name(field),
                message: "value has \(value.count) characters; the field allows \(maxLength); the rest was dropped"))
            value = String(value.prefix(maxLength))
        }
        switch field.kind {
        case .checkbox: return .button(FillValue.isTruthy(value))
        case .radio: return .button(radioIsOn(value, field: field))
        case .text, .comb, .choice: return .text(value.replacing("\n", with: " "))
        case .multiline: return .text(value)
        case .signature:
            warnings.append(FillWarning(
                kind: .skipped, field: name(field),
                message: "signature fields cannot be set interactively; fill with --flatten to draw the signature"))
            return nil
        case .unsupported: return nil
        }
    }

    /// The interactive fill as an incremental update; nil when the document's structure does not allow it.
    private func composedInteractive(
        document: PDFDocument, fields: [FillField], values: [Int: String], warnings: [FillWarning]
    ) throws(FillError) -> FillResult? {
        guard let composer = try? PDFOverlayComposer(data: document.data) else { return nil }
        var warnings = warnings
        var request = PDFOverlayComposer.Request()
        var writer: CairoPDFWriter?
        var drawer: ValueDrawer?
        var recorder: ValueDrawer?
        var appearancePages = 0
        for index in values.keys.sorted() {
            guard let raw = values[index] else { continue }
            let field = fields[index]
            guard let setting = Self.interactiveValue(raw, field: field, warnings: &warnings) else { continue }
            switch setting {
            case .button(let on):
                request.fieldValues.append(PDFOverlayComposer.FieldValue(
                    key: index, pageIndex: field.pageIndex, rect: field.rect, setting: .toggle(on)))
            case .text(let text):
                let current: CairoPDFWriter
                if let writer { current = writer } else { current = try CairoPDFWriter(width: field.rect.width, height: field.rect.height) }
                writer = current
                var local = field
                local.rect = PDFRect(x: 0, y: 0, width: field.rect.width, height: field.rect.height)
                if Self.writesAsHelvetica(text, field: field) {
                    // Windows-1252 text: lines of the standard Helvetica, so no font is embedded at all.
                    let recording = recorder ?? ValueDrawer.recording(context: current.context)
                    recorder = recording
                    recording.recorder?.runs = []
                    let outcome = try draw(text, field: local, with: recording, radioGroup: [])
                    if let warning = Self.warning(for: outcome, field: field), warning.kind != .truncated { warnings.append(warning) }
                    request.fieldValues.append(PDFOverlayComposer.FieldValue(
                        key: index, pageIndex: field.pageIndex, rect: field.rect,
                        setting: .runs(text, recording.recorder?.runs ?? [])))
                    continue
                }
                // Other text: drawn on a page the size of the widget, as the widget's new appearance.
                let valueDrawer = drawer ?? ValueDrawer(context: current.context)
                drawer = valueDrawer
                current.beginPage(width: field.rect.width, height: field.rect.height)
                let outcome = try draw(text, field: local, with: valueDrawer, radioGroup: [])
                if let warning = Self.warning(for: outcome, field: field), warning.kind != .truncated { warnings.append(warning) }
                try current.endPage()
                request.fieldValues.append(PDFOverlayComposer.FieldValue(
                    key: index, pageIndex: field.pageIndex, rect: field.rect,
                    setting: .text(text, appearancePage: appearancePages)))
                appearancePages += 1
            }
        }
        request.overlay = appearancePages > 0 ? try writer?.finish() : nil
        guard let composition = try? composer.compose(request, pageCount: document.pageCount),
            let check = try? PDFDocument(data: composition.data, options: document.options), check.pageCount == document.pageCount
        else { return nil }
        var filled = 0
        for value in request.fieldValues {
            let field = fields[value.key]
            switch composition.outcomes[value.key] {
            case .set?: filled += 1
            case .refused(let reason)?:
                warnings.append(FillWarning(kind: .skipped, field: Self.name(field), message: "the field did not take the value (\(reason))"))
            case nil:
                // A widget the file's structure does not show where Poppler does: let Poppler do the whole fill.
                return nil
            }
        }
        return FillResult(data: composition.data, warnings: warnings, filledCount: filled)
    }

    /// Sets the values on the AcroForm fields through Poppler and saves.
    ///
    /// Poppler drops a filled field's appearance stream on save when the form sets NeedAppearances, so viewers
    /// that ignore the flag would show nothing. The form is therefore reopened from a copy whose
    /// `/NeedAppearances true` reads `/NeedAppearances null` (same length, offsets intact): Poppler then
    /// writes an appearance for every field it fills. Where the flag sits in a compressed object stream the
    /// copy cannot be patched (the raw flag may also be false); a warning says so. The copy's standard Latin
    /// field fonts also get WinAnsiEncoding (``PDFDocument/encodingFormFontsAsWinAnsi(_:)``), so Western
    /// European values do not make Poppler embed whole system fonts.
    func popplerInteractive(
        document: PDFDocument, fields: [FillField], values: [Int: String], warnings: [FillWarning]
    ) throws(FillError) -> FillResult {
        try Self.checkDefaultResources(document: document, fields: fields, values: values)
        try Self.checkButtonGroups(document: document, fields: fields, values: values)
        var warnings = warnings
        let (patched, cleared) = Self.clearingNeedAppearances(document.data)
        if !cleared, document.containsRawName("NeedAppearances") {
            warnings.append(FillWarning(
                kind: .limitation, field: "document",
                message: "the form asks viewers to draw field appearances (NeedAppearances) in a compressed "
                    + "object; filled values may not show in viewers that ignore the flag; use --flatten"))
        }
        let encoded = PDFDocument.encodingFormFontsAsWinAnsi(patched)
        let target: PDFDocument
        do { target = try PDFDocument(data: encoded, options: document.options) } catch {
            throw FillError.document(reason: error.description)
        }
        var filled = 0
        for index in values.keys.sorted() {
            guard let raw = values[index] else { continue }
            let field = fields[index]
            guard let setting = Self.interactiveValue(raw, field: field, warnings: &warnings), let fieldID = field.acroFormFieldID else { continue }
            if target.setFieldValue(setting, fieldID: fieldID) {
                filled += 1
            } else {
                warnings.append(FillWarning(
                    kind: .skipped, field: Self.name(field),
                    message: "the field did not take the value (not one of its options?)"))
            }
        }
        let data: Data
        do { data = try target.savedData() } catch { throw FillError.document(reason: error.description) }
        return FillResult(data: data, warnings: warnings, filledCount: filled)
    }

    /// Refuses text values for a form without default resources (`/DR`), or whose `/DR` is damaged.
    ///
    /// Poppler 22.12 dereferences a null pointer when it sets text on such a form: it looks the field's `/DA`
    /// font up in the AcroForm's `/DR`, which is missing (pdf-lib's `with_comments.pdf`) or, in a damaged file
    /// whose cross-references Poppler rebuilds, is another object than the file seems to say (a fuzzed form
    /// whose `/AcroForm` number was defined again as a page, or whose `/DR` holds a word that is no PDF object, a
    /// damaged dictionary Poppler's lenient parser reads its own way). Newer Poppler creates the dictionary instead.
    /// Check boxes and radio buttons do not reach that code.
    static func checkDefaultResources(
        document: PDFDocument, fields: [FillField], values: [Int: String]
    ) throws(FillError) {
        let setsText = values.keys.contains { index in
            fields[index].acroFormFieldID != nil
                && [.text, .multiline, .comb, .choice].contains(fields[index].kind)
        }
        guard setsText, !document.hasDefaultResourcesDictionary() else { return }
        throw FillError.interactiveUnsupported(
            reason: "its AcroForm has no readable default resources (/DR) for the fonts its fields name, and Poppler 22.12 "
                + "crashes drawing text without them")
    }

    /// Refuses check box and radio button values for a form with a button group that has a member which is
    /// not a button widget or a group of its own (``PDFDocument/buttonGroupWithADamagedMember()``): Poppler
    /// 22.12 crashes setting any button of such a group. Only damaged files have one.
    static func checkButtonGroups(
        document: PDFDocument, fields: [FillField], values: [Int: String]
    ) throws(FillError) {
        let setsButtons = values.keys.contains { index in
            fields[index].acroFormFieldID != nil && [.checkbox, .radio].contains(fields[index].kind)
        }
        guard setsButtons, let group = document.buttonGroupWithADamagedMember() else { return }
        throw FillError.interactiveUnsupported(
            reason: "its button field '\(group)' has a member that is not a button widget or a field of its own (a "
                + "damaged file), and Poppler 22.12 crashes setting a button of such a group")
    }

    /// A copy of `data` with every `/NeedAppearances true` turned into `/NeedAppearances null`.
    static func clearingNeedAppearances(_ data: Data) -> (Data, Bool) {
        let key = Array("/NeedAppearances".utf8)
        var bytes = [UInt8](data)
        var found = false
        var index = 0
        while let start = ByteSearch.firstIndex(of: key, in: bytes, from: index) {
            var position = start + key.count
            while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00].contains(bytes[position]) {
                position += 1
            }
            if position + 4 <= bytes.count, Array(bytes[position..<position + 4]) == Array("true".utf8) {
                bytes.replaceSubrange(position..<position + 4, with: Array("null".utf8))
                found = true
            }
            index = position
        }
        return found ? (Data(bytes), true) : (data, false)
    }
}

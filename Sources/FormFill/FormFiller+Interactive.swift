import Foundation
import LegiblePDF

extension FormFiller {
    /// Sets the values on the AcroForm fields through Poppler and saves.
    ///
    /// Poppler drops a filled field's appearance stream on save when the form sets NeedAppearances, so viewers
    /// that ignore the flag would show nothing. The form is therefore reopened from a copy whose
    /// `/NeedAppearances true` reads `/NeedAppearances null` (same length, offsets intact): Poppler then
    /// writes an appearance for every field it fills. Where the flag sits in a compressed object stream the
    /// copy cannot be patched (the raw flag may also be false); a warning says so. The copy's standard Latin
    /// field fonts also get WinAnsiEncoding (``PDFDocument/encodingFormFontsAsWinAnsi(_:)``), so Western
    /// European values do not make Poppler embed whole system fonts.
    func interactive(
        document: PDFDocument, fields: [FillField], values: [Int: String], warnings: [FillWarning]
    ) throws(FillError) -> FillResult {
        guard fields.contains(where: { $0.acroFormFieldID != nil }) else { throw FillError.noInteractiveFields }
        try Self.checkDefaultResources(document: document, fields: fields, values: values)
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
            guard let fieldID = field.acroFormFieldID else {
                warnings.append(FillWarning(
                    kind: .skipped, field: Self.name(field),
                    message: "detected region has no AcroForm field; fill with --flatten to draw it"))
                continue
            }
            var value = raw
            if let maxLength = field.maxLength, value.count > maxLength,
                field.kind == .text || field.kind == .comb || field.kind == .multiline
            {
                warnings.append(FillWarning(
                    kind: .truncated, field: Self.name(field),
                    message: "value has \(value.count) characters; the field allows \(maxLength); the rest was dropped"))
                value = String(value.prefix(maxLength))
            }
            let setting: PDFFieldValue
            switch field.kind {
            case .checkbox: setting = .button(FillValue.isTruthy(value))
            case .radio: setting = .button(Self.radioIsOn(value, field: field))
            case .text, .comb, .choice: setting = .text(value.replacing("\n", with: " "))
            case .multiline: setting = .text(value)
            case .signature:
                warnings.append(FillWarning(
                    kind: .skipped, field: Self.name(field),
                    message: "signature fields cannot be set interactively; fill with --flatten to draw the signature"))
                continue
            case .unsupported: continue
            }
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

    /// Refuses text values for a form without default resources (`/DR`).
    ///
    /// Poppler 22.12 dereferences a null pointer when it sets text on such a form: it looks the field's `/DA`
    /// font up in the AcroForm's `/DR`, which is missing (pdf-lib's `with_comments.pdf`). Newer Poppler creates
    /// the dictionary instead. Check boxes and radio buttons do not reach that code.
    static func checkDefaultResources(
        document: PDFDocument, fields: [FillField], values: [Int: String]
    ) throws(FillError) {
        let setsText = values.keys.contains { index in
            fields[index].acroFormFieldID != nil
                && [.text, .multiline, .comb, .choice].contains(fields[index].kind)
        }
        guard setsText, !document.containsRawName("DR") else { return }
        throw FillError.interactiveUnsupported(
            reason: "its AcroForm has no default resources (/DR) for the fonts its fields name, and Poppler 22.12 "
                + "crashes drawing text without them")
    }

    /// A copy of `data` with every `/NeedAppearances true` turned into `/NeedAppearances null`.
    static func clearingNeedAppearances(_ data: Data) -> (Data, Bool) {
        let key = Array("/NeedAppearances".utf8)
        var bytes = [UInt8](data)
        var found = false
        var index = 0
        while let start = Self.find(key, in: bytes, from: index) {
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

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, Array(haystack[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }
}

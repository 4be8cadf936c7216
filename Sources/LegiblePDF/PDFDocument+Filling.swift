internal import CPoppler
package import Foundation

extension PDFDocument {
    /// Sets the value of the AcroForm field with Poppler's id `fieldID` (see ``PDFFormWidget/fieldID``).
    ///
    /// Text goes to text fields (and choice fields: the matching option is selected, else the text is set when
    /// the choice is editable); `.button` sets a check box or radio button to its own on-state or off.
    /// - Returns: False when the document has no such field or the value does not suit its type.
    package func setFieldValue(_ value: PDFFieldValue, fieldID: Int) -> Bool {
        // Poppler 22.12 dereferences a null pointer for an id whose page has no widgets (a damaged document
        // reread differently from the one the id came from): only ids this document lists are asked for.
        if knownFieldIDs == nil { knownFieldIDs = Set(((try? formWidgets()) ?? []).map(\.fieldID)) }
        guard knownFieldIDs?.contains(fieldID) == true,
            let field = poppler_document_get_form_field(handle, Int32(clamping: fieldID))
        else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(field)) }
        switch (poppler_form_field_get_field_type(field), value) {
        case (POPPLER_FORM_FIELD_TEXT, .text(let text)):
            poppler_form_field_text_set_text(field, text)
            return true
        case (POPPLER_FORM_FIELD_BUTTON, .button(let on)):
            guard poppler_form_field_button_get_button_type(field) != POPPLER_FORM_BUTTON_PUSH else { return false }
            poppler_form_field_button_set_state(field, on ? 1 : 0)
            return true
        case (POPPLER_FORM_FIELD_CHOICE, .text(let text)):
            let count = Int(poppler_form_field_choice_get_n_items(field))
            for item in 0..<min(max(count, 0), 10_000) {
                guard let option = poppler_form_field_choice_get_item(field, Int32(item)) else { continue }
                defer { g_free(option) }
                if String(cString: option) == text {
                    poppler_form_field_choice_unselect_all(field)
                    poppler_form_field_choice_select_item(field, Int32(item))
                    return true
                }
            }
            guard poppler_form_field_choice_is_editable(field) != 0 else { return false }
            poppler_form_field_choice_set_text(field, text)
            return true
        default:
            return false
        }
    }

    /// Saves the document with the changes made through ``setFieldValue(_:fieldID:)`` and returns its bytes.
    ///
    /// Poppler writes to a new temporary file (removed afterwards), never to the input. (Poppler-GLib 22.12's
    /// `save_to_fd` leaves the tail of the file unflushed, so a URI is used.)
    /// - Throws: `PDFError.operationFailed` when Poppler cannot save.
    package func savedData() throws(PDFError) -> Data {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("legible-save-\(UUID().uuidString)", isDirectory: true)
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false) } catch {
            throw PDFError.operationFailed(operation: "save (temporary directory)")
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("filled.pdf")
        var error: UnsafeMutablePointer<GError>?
        guard poppler_document_save(handle, file.absoluteString, &error) != 0 else {
            var reason = "save"
            if let error {
                if let message = error.pointee.message { reason += ": " + String(cString: message) }
                g_error_free(error)
            }
            throw PDFError.operationFailed(operation: reason)
        }
        if error != nil { g_error_free(error) }
        guard let data = FileManager.default.contents(atPath: file.path), !data.isEmpty else {
            throw PDFError.operationFailed(operation: "save (read back)")
        }
        return data
    }
}

extension PDFDocument {
    /// The text alignment (`/Q`: 0 left, 1 centre, 2 right) of the AcroForm fields that set one, keyed by the
    /// field's partial name (`/T`, the last part of ``PDFFormWidget/name``), read from the raw document
    /// (Poppler-GLib does not expose `/Q`). Fields without `/Q` (left, or inherited) are absent; a name given
    /// different alignments by two fields is left out.
    package func fieldAlignments() -> [String: Int] {
        var found: [String: Int] = [:]
        var conflicting = Set<String>()
        for object in RawPDFScanner(data: data).objects([UInt8](data)).values {
            guard let q = Self.alignment(in: object.text), let name = Self.partialName(in: object.text) else { continue }
            if let existing = found[name], existing != q { conflicting.insert(name) }
            found[name] = q
        }
        for name in conflicting { found[name] = nil }
        return found
    }

    /// The value of `/Q` in a dictionary's text, when 0, 1 or 2.
    static func alignment(in text: String) -> Int? {
        var search = text[...]
        while let range = search.range(of: "/Q") {
            let rest = search[range.upperBound...]
            if let next = rest.first, next.isWhitespace || next.isNumber {
                let digits = rest.drop { $0.isWhitespace }.prefix { $0.isNumber }
                if let value = Int(digits), (0...2).contains(value) { return value }
                return nil
            }
            search = rest
        }
        return nil
    }

    /// The literal string of `/T (...)` in a dictionary's text (simple escapes undone); nil for none or a hex
    /// string.
    static func partialName(in text: String) -> String? {
        var search = text[...]
        while let range = search.range(of: "/T") {
            let rest = search[range.upperBound...]
            let value = rest.drop { $0.isWhitespace }
            if value.first == "(", rest.first == "(" || rest.first?.isWhitespace == true {
                var name = ""
                var escaped = false
                for character in value.dropFirst() {
                    if escaped {
                        name.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == ")" {
                        return name.isEmpty ? nil : name
                    } else {
                        name.append(character)
                    }
                }
                return nil
            }
            search = rest
        }
        return nil
    }

    /// A copy of PDF bytes in which the unembedded standard Latin fonts of the form's default resources
    /// (Helvetica and the like, with no `/Encoding`) get `/WinAnsiEncoding`, by an appended incremental update;
    /// the bytes unchanged when there are none or the document is encrypted.
    ///
    /// Poppler embeds a whole system font (hundreds of KB per field) to draw any character the field's font
    /// cannot encode; StandardEncoding, these fonts' default, has no accented letters. With WinAnsiEncoding,
    /// Western European values are drawn with the unembedded font and nothing is embedded.
    package static func encodingFormFontsAsWinAnsi(_ data: Data) -> Data { FormFontEncoding.updating(data) }

    /// True when the raw document (including compressed object streams) contains the name `/name`.
    package func containsRawName(_ name: String) -> Bool { RawPDFScanner(data: data).containsName(name) }

    /// Whether the document's AcroForm, as a reader that rebuilds a damaged file's cross-references sees it, has
    /// default resources (`/DR`) with a font dictionary: the catalog named by the last `/Root`, its `/AcroForm`,
    /// that dictionary's `/DR` and the `/Font` in it, each object being its last definition in the file (how
    /// Poppler reconstructs, and how incremental updates order them). Each step must parse, by the strict object
    /// parser, as a dictionary: a lenient reader recovers from a damaged one (a stray word inside `/DR`, a key
    /// where a value belongs, an unterminated `/Font`) in ways of its own, so a dictionary that only parses
    /// leniently is not taken as there. False when any step is missing, damaged or not a dictionary.
    package func hasDefaultResourcesDictionary() -> Bool {
        let graph = rawObjectGraph
        guard let catalog = graph.catalog, let acroForm = graph.dictionary(catalog["AcroForm"]),
            let resources = graph.dictionary(acroForm["DR"])
        else { return false }
        return graph.dictionary(resources["Font"]) != nil
    }
}

internal import CPoppler
package import Foundation

extension PDFDocument {
    /// Sets the value of the AcroForm field with Poppler's id `fieldID` (see ``PDFFormWidget/fieldID``).
    ///
    /// Text goes to text fields (and choice fields: the matching option is selected, else the text is set when
    /// the choice is editable); `.button` sets a check box or radio button to its own on-state or off.
    /// - Returns: False when the document has no such field or the value does not suit its type.
    package func setFieldValue(_ value: PDFFieldValue, fieldID: Int) -> Bool {
        guard let field = poppler_document_get_form_field(handle, Int32(clamping: fieldID)) else { return false }
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
    /// Poppler writes to a file descriptor; an unlinked temporary file is used, never the input.
    /// - Throws: `PDFError.operationFailed` when Poppler cannot save.
    package func savedData() throws(PDFError) -> Data {
        var template = Array((NSTemporaryDirectory() + "/legible-save-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw PDFError.operationFailed(operation: "save (temporary file)") }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        unlink(path)
        defer { close(fd) }
        var error: UnsafeMutablePointer<GError>?
        guard poppler_document_save_to_fd(handle, dup(fd), 1, &error) != 0 else {
            if error != nil { g_error_free(error) }
            throw PDFError.operationFailed(operation: "save")
        }
        if error != nil { g_error_free(error) }
        let size = lseek(fd, 0, SEEK_END)
        guard size > 0, lseek(fd, 0, SEEK_SET) == 0 else { throw PDFError.operationFailed(operation: "save (read back)") }
        var data = Data(count: Int(size))
        let complete = data.withUnsafeMutableBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return false }
            var done = 0
            while done < raw.count {
                let count = Foundation.read(fd, base + done, raw.count - done)
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
        guard complete else { throw PDFError.operationFailed(operation: "save (read back)") }
        return data
    }
}

extension PDFDocument {
    /// True when the raw document (including compressed object streams) contains the name `/name`.
    package func containsRawName(_ name: String) -> Bool { RawPDFScanner(data: data).containsName(name) }
}

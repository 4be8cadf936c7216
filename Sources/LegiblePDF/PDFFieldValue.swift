/// A value to set on an AcroForm field (see ``PDFDocument/setFieldValue(_:fieldID:)``).
package enum PDFFieldValue: Hashable, Sendable {
    /// Text for a text field, or the option to select (or type) in a choice field.
    case text(String)
    /// The state of a check box or radio button: on (the form's own on-state) or off.
    case button(Bool)
}

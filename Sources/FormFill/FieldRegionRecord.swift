/// A field as the documents API and `pdffill detect --json` show it: points, top-left origin.
public struct FieldRegionRecord: Hashable, Sendable, Codable {
    /// Stable id.
    public var id: String
    /// 0-based page index.
    public var pageIndex: Int
    /// Left edge in points.
    public var x: Double
    /// Top edge in points.
    public var y: Double
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// `text, multiline, checkbox, date, number, signature, unknown`.
    public var fieldType: String
    /// The label a person sees, when known.
    public var label: String?
    /// 0...1; 1 for AcroForm fields.
    public var confidence: Double
    /// `acroform` or `detected`.
    public var source: String

    /// The record of an AcroForm-backed ``FillField``.
    public init(_ field: FillField) {
        id = field.id
        pageIndex = field.pageIndex
        x = field.rect.x
        y = field.rect.y
        width = field.rect.width
        height = field.rect.height
        switch field.kind {
        case .text, .comb, .choice: fieldType = "text"
        case .multiline: fieldType = "multiline"
        case .checkbox, .radio: fieldType = "checkbox"
        case .signature: fieldType = "signature"
        case .unsupported: fieldType = "unknown"
        }
        label = field.label ?? field.name
        confidence = field.acroFormFieldID == nil ? 0.5 : 1
        source = field.acroFormFieldID == nil ? "detected" : "acroform"
    }
}

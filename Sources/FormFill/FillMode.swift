/// How values are written into a PDF.
public enum FillMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// The values are drawn over the pages and any form widgets are drawn into them (flattened): looks the same
    /// in every viewer; the output has no fillable fields.
    case overlay
    /// Values are set on the AcroForm fields; the output stays fillable.
    case interactive
}

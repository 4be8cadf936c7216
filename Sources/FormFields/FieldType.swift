/// What kind of value a field takes (wire values as in the API).
public enum FieldType: String, Sendable, Codable, CaseIterable, Hashable {
    /// One line of free text.
    case text
    /// Several lines of free text.
    case multiline
    /// A tick box; radio buttons count as check boxes.
    case checkbox
    /// A date.
    case date
    /// A number: amount, quantity, phone, postcode, identification number.
    case number
    /// A signature.
    case signature
    /// Not known.
    case unknown
}

/// Where a field region came from.
public enum FieldSource: String, Sendable, Codable, CaseIterable, Hashable {
    /// An AcroForm widget stored in the PDF.
    case acroform
    /// Found by looking at the page (lines, boxes, check boxes).
    case detected
}

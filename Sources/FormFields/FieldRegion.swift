public import LegiblePDF

/// A place on a page where a person is meant to write or tick.
///
/// Geometry is in PDF points (1/72 inch) with the origin at the top-left of the page as a viewer shows it.
public struct FieldRegion: Sendable, Codable, Hashable, Identifiable {
    /// Stable identifier (UUID format): the same document bytes give the same ids.
    public var id: String
    /// 0-based page index.
    public var pageIndex: Int
    /// Left edge in points from the left of the page.
    public var x: Double
    /// Top edge in points from the top of the page.
    public var y: Double
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// The kind of value expected.
    public var fieldType: FieldType
    /// The caption a person sees next to the field (or the widget's tooltip/name), possibly empty.
    public var label: String
    /// How sure the detector is that this is a field of this type, 0...1 (1 for AcroForm widgets).
    public var confidence: Double
    /// Whether the region is an AcroForm widget or was detected visually.
    public var source: FieldSource
    /// The AcroForm field's fully qualified name, when the region is a widget.
    public var name: String?
    /// The maximum number of characters (comb fields, text fields with a limit).
    public var maxLength: Int?
    /// The options of a choice field.
    public var options: [String]?

    /// Creates a region.
    public init(
        id: String, pageIndex: Int, x: Double, y: Double, width: Double, height: Double, fieldType: FieldType,
        label: String, confidence: Double, source: FieldSource, name: String? = nil, maxLength: Int? = nil,
        options: [String]? = nil
    ) {
        self.id = id
        self.pageIndex = pageIndex
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.fieldType = fieldType
        self.label = label
        self.confidence = confidence
        self.source = source
        self.name = name
        self.maxLength = maxLength
        self.options = options
    }
}

extension FieldRegion {
    /// The region's rectangle, in points with the page's top-left origin.
    public var rect: PDFRect { PDFRect(x: x, y: y, width: width, height: height) }
}

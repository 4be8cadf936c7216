public import LegiblePDF

/// One place on a page a value can go: an AcroForm widget or a detected region.
public struct FillField: Hashable, Sendable, Codable {
    /// How the value is laid out and, for interactive fills, set.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// One line of text (also dates and numbers).
        case text
        /// Wrapped lines, top-aligned.
        case multiline
        /// One character per cell; ``FillField/maxLength`` cells.
        case comb
        /// A check box: a check mark for true/yes/on/x/1/checked.
        case checkbox
        /// One button of a radio group: on when the value names its on-state (or is truthy).
        case radio
        /// A combo or list box: the value selects an option.
        case choice
        /// A signature: script-like text, or a PNG (data URL, or file when allowed).
        case signature
        /// Push buttons and fields of unknown type: never filled.
        case unsupported
    }

    /// Stable id (a region id, or `acroform-<field id>` for widgets not matched to a region).
    public var id: String
    /// 0-based page index.
    public var pageIndex: Int
    /// The box in points, top-left origin of the page as displayed.
    public var rect: PDFRect
    /// How the value is laid out.
    public var kind: Kind
    /// The fully qualified AcroForm field name, when known.
    public var name: String?
    /// The label a person sees (tooltip or nearby text), when known.
    public var label: String?
    /// The maximum number of characters (cells of a comb), when known.
    public var maxLength: Int?
    /// The options of a choice field.
    public var options: [String]?
    /// The form's own on-state name of a check box or radio button.
    public var onStateName: String?
    /// True when the field must not be changed.
    public var isReadOnly: Bool
    /// Poppler's id of the AcroForm field, for interactive fills; nil for detected regions.
    public var acroFormFieldID: Int?
    /// Horizontal alignment of a single-line value: 0 left, 1 centre, 2 right (the PDF's `/Q`).
    public var alignment: Int

    /// Creates a field.
    public init(
        id: String, pageIndex: Int, rect: PDFRect, kind: Kind, name: String? = nil, label: String? = nil,
        maxLength: Int? = nil, options: [String]? = nil, onStateName: String? = nil, isReadOnly: Bool = false,
        acroFormFieldID: Int? = nil, alignment: Int = 0
    ) {
        self.id = id
        self.pageIndex = pageIndex
        self.rect = rect
        self.kind = kind
        self.name = name
        self.label = label
        self.maxLength = maxLength
        self.options = options
        self.onStateName = onStateName
        self.isReadOnly = isReadOnly
        self.acroFormFieldID = acroFormFieldID
        self.alignment = alignment
    }
}

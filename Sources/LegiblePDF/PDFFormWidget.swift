/// One AcroForm widget (the on-page appearance of a form field) as stored in the PDF.
public struct PDFFormWidget: Hashable, Sendable, Codable {
    /// What kind of field the widget belongs to.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// Single-line text.
        case text
        /// Multi-line text.
        case multiline
        /// Text entered one character per cell (a comb field; see ``maxLength``).
        case comb
        /// A check box.
        case checkbox
        /// One button of a radio group.
        case radio
        /// A combo box or list box (see ``options``).
        case choice
        /// A signature field.
        case signature
        /// A push button (carries no value).
        case pushbutton
        /// A field type Poppler does not know.
        case unknown
    }

    /// Poppler's id of the field, unique within the document.
    public var fieldID: Int
    /// The 0-based page the widget is on.
    public var pageIndex: Int
    /// The kind of field.
    public var kind: Kind
    /// The widget's rectangle in points, top-left origin (see ``PDFRect``).
    public var rect: PDFRect
    /// The fully qualified field name (`parent.child`), when the field has one.
    public var name: String?
    /// The tooltip (`/TU`, the "alternate name"), often the label a person sees.
    public var tooltip: String?
    /// The current value: text, the selected option(s) joined by newlines, or for buttons `"On"`/`"Off"`
    /// whether the widget is in its on state.
    public var value: String?
    /// Maximum number of characters of a text field, when set.
    public var maxLength: Int?
    /// The options of a choice field, in order.
    public var options: [String]?
    /// The export value of a check box or radio button in its on state (the TM mapping name when the PDF
    /// gives one); nil when Poppler does not expose it.
    public var onStateName: String?
    /// True when the field may not be changed.
    public var isReadOnly: Bool
    /// True when the field must be filled, when known; nil when Poppler does not expose the flag.
    public var isRequired: Bool?

    /// Creates a widget description.
    public init(
        fieldID: Int, pageIndex: Int, kind: Kind, rect: PDFRect, name: String? = nil, tooltip: String? = nil,
        value: String? = nil, maxLength: Int? = nil, options: [String]? = nil, onStateName: String? = nil,
        isReadOnly: Bool = false, isRequired: Bool? = nil
    ) {
        self.fieldID = fieldID
        self.pageIndex = pageIndex
        self.kind = kind
        self.rect = rect
        self.name = name
        self.tooltip = tooltip
        self.value = value
        self.maxLength = maxLength
        self.options = options
        self.onStateName = onStateName
        self.isReadOnly = isReadOnly
        self.isRequired = isRequired
    }
}

public import Foundation

/// Finds the fillable regions of a document; the server's view of LegiblePDF + FormFields.
public protocol FieldDetecting: Sendable {
    /// Opens the document cheaply to check it and count its pages (called at upload).
    /// - Throws: `EngineError.invalidInput` for encrypted, damaged or over-limit documents; `EngineError.unavailable`.
    func inspect(documentData: Data, format: DocumentFormat) async throws -> DocumentInspection

    /// Detects field regions on every page (runs as a job).
    /// - Returns: page sizes and regions in PDF points, top-left origin; region ids stable for the same bytes.
    /// - Throws: `EngineError.invalidInput`, `EngineError.unavailable`, `CancellationError`, or another error.
    func detectFields(documentData: Data, format: DocumentFormat) async throws -> DetectedLayout
}

/// What an upload was sniffed to be.
public enum DocumentFormat: Sendable, Equatable {
    /// A PDF file.
    case pdf
    /// An image, which becomes a one-page document.
    case image(mimeType: String)

    /// The MIME type reported in `document.mimeType`.
    public var mimeType: String {
        switch self {
        case .pdf: "application/pdf"
        case .image(let mimeType): mimeType
        }
    }

    /// Restores a format from a stored MIME type.
    init(mimeType: String) {
        self = mimeType == "application/pdf" ? .pdf : .image(mimeType: mimeType)
    }
}

/// Facts learned by opening a document.
public struct DocumentInspection: Sendable, Equatable {
    /// Number of pages (1 for an image).
    public var pageCount: Int

    /// Creates an inspection result.
    public init(pageCount: Int) { self.pageCount = pageCount }
}

/// Detected layout of a document.
public struct DetectedLayout: Sendable, Codable, Equatable {
    /// Page sizes in points, in page order.
    public var pages: [PageSize]
    /// Field regions over all pages.
    public var regions: [DetectedField]

    /// Creates a layout.
    public init(pages: [PageSize], regions: [DetectedField]) {
        self.pages = pages
        self.regions = regions
    }
}

/// A page's size in PDF points.
public struct PageSize: Sendable, Codable, Equatable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a page size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// One fillable region, in PDF points with the origin at the page's top-left.
public struct DetectedField: Sendable, Codable, Equatable {
    /// Stable id (derived from document hash, page and rectangle).
    public var id: UUID
    /// Zero-based page index.
    public var pageIndex: Int
    /// Left edge in points.
    public var x: Double
    /// Top edge in points.
    public var y: Double
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// What the field holds.
    public var fieldType: FieldKind
    /// The label found next to the field, if any.
    public var label: String?
    /// Detection confidence in 0...1.
    public var confidence: Double

    /// Creates a region.
    public init(
        id: UUID, pageIndex: Int, x: Double, y: Double, width: Double, height: Double, fieldType: FieldKind,
        label: String?, confidence: Double
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
    }
}

/// Field types as sent on the wire.
public enum FieldKind: String, Sendable, Codable, CaseIterable {
    /// One line of text.
    case text
    /// Several lines of text.
    case multiline
    /// A tick box.
    case checkbox
    /// A date.
    case date
    /// A number.
    case number
    /// A signature.
    case signature
    /// Not classified.
    case unknown
}

public import Foundation

/// A document's state on the server: imported, processing, ready, filling, filled or failed.
public typealias DocumentStatus = Components.Schemas.DocumentStatus
/// A field's type as the server detects it: text, multiline, checkbox, date, number, signature or unknown.
public typealias FieldType = Components.Schemas.FieldType
/// Who supplied a value: the user (`manual`), the app's autofill or an AI suggestion.
public typealias ValueSource = Components.Schemas.ValueSource

/// A stored document, as the server describes it.
public struct DocumentInfo: Sendable, Hashable {
    /// The document's id.
    public var id: String
    /// The uploaded file's name, cleaned by the server.
    public var fileName: String
    /// `application/pdf`, or the image type of a photographed page.
    public var mimeType: String
    /// Where the document is in its life.
    public var status: DocumentStatus
    /// Pages (an image is one page).
    public var pageCount: Int
    /// When it was uploaded and last changed.
    public var createdAt: Date, updatedAt: Date
    /// The reason when ``status`` is `failed`.
    public var error: String?

    init(_ document: Components.Schemas.Document) {
        id = document.id
        fileName = document.fileName
        mimeType = document.mimeType
        status = document.status
        pageCount = document.pageCount
        createdAt = document.createdAt
        updatedAt = document.updatedAt
        error = document.error
    }
}

/// A field's rectangle on its page, in PDF points (1/72 inch) with the origin at the page's top-left corner.
public struct FieldFrame: Sendable, Hashable {
    /// The left edge and the top edge, from the page's top-left corner, in points.
    public var x: Double, y: Double
    /// The size, in points.
    public var width: Double, height: Double

    /// A rectangle in PDF points from the page's top-left corner.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// One fillable field of a document, ready to bind to a form row.
public struct FormField: Sendable, Hashable, Identifiable {
    /// The id values are stored under (``LegibleAPI/setValues(_:for:)``): the server's `fieldRegionId`.
    public var id: String
    /// The words printed next to the field, or the interactive field's name; may be empty.
    public var label: String
    /// A hint for an empty field, from the server.
    public var placeholder: String
    /// The field's type as the server detected it.
    public var type: FieldType
    /// The kind of input the documentAI app shows for it (``AppFieldKind/init(fieldType:label:)``).
    public var kind: AppFieldKind
    /// The page it is on, from 0.
    public var pageIndex: Int
    /// Where it is, when the server reported its region.
    public var frame: FieldFrame?
    /// How sure the detector is that this is a field, 0...1 (1 for an interactive form's own fields).
    public var confidence: Double?
}

/// A document's fields, in the order the server lists them (page by page, reading order).
public struct DocumentFields: Sendable, Hashable {
    /// The document.
    public var document: DocumentInfo
    /// Its fields.
    public var fields: [FormField]

    init(_ detail: Components.Schemas.DocumentDetail) {
        document = DocumentInfo(detail.document)
        let regions = detail.fieldMap.additionalProperties
        fields = detail.components.map { component in
            let region = regions[component.fieldId]
            return FormField(
                id: component.fieldId, label: component.label, placeholder: component.placeholder,
                type: component._type, kind: AppFieldKind(fieldType: component._type, label: component.label),
                pageIndex: component.pageIndex,
                frame: region.map { FieldFrame(x: $0.x, y: $0.y, width: $0.width, height: $0.height) },
                confidence: region?.confidence)
        }
    }
}

/// A value to store for a field.
public struct FieldValue: Sendable, Hashable {
    /// The field's ``FormField/id``.
    public var fieldID: String
    /// The text to fill in (at most 10,000 characters). For a checkbox: `"true"` or `"false"`.
    public var value: String
    /// Who supplied it.
    public var source: ValueSource

    /// A value for `fieldID`, typed by the user unless `source` says otherwise.
    public init(fieldID: String, value: String, source: ValueSource = .manual) {
        self.fieldID = fieldID
        self.value = value
        self.source = source
    }
}

/// A value as the server stores it.
public struct StoredFieldValue: Sendable, Hashable {
    /// The field's ``FormField/id``.
    public var fieldID: String
    /// The stored text.
    public var value: String
    /// Who supplied it.
    public var source: ValueSource
    /// When it was last set.
    public var updatedAt: Date
}

/// How far an upload has got.
public struct UploadProgress: Sendable, Hashable {
    /// Bytes of the file handed to the network so far.
    public var bytesSent: Int64
    /// The file's size in bytes.
    public var totalBytes: Int64
    /// Progress of `bytesSent` of `totalBytes`.
    public init(bytesSent: Int64, totalBytes: Int64) {
        self.bytesSent = bytesSent
        self.totalBytes = totalBytes
    }

    /// `bytesSent / totalBytes`, 0...1.
    public var fractionCompleted: Double { totalBytes > 0 ? Double(bytesSent) / Double(totalBytes) : 1 }
}

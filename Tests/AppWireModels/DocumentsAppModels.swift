public import Foundation

/// The document-filling app's response models, declared exactly as the app declares them (DESIGN.md, "Wire types
/// the apps decode"): UUID ids, closed enums for statuses and field types, and dates decoded with `.iso8601`
/// (which accepts no fractional seconds).
public enum DocumentsApp {
    /// A document's status; any other value fails to decode.
    public enum DocumentStatus: String, Decodable, Sendable {
        case imported, processing, ready, filling, filled, failed
    }

    /// A field's type; any other value fails to decode.
    public enum FieldType: String, Decodable, Sendable {
        case text, multiline, checkbox, date, number, signature, unknown
    }

    /// `POST /api/v1/documents/init-upload`.
    public struct InitUploadResponse: Decodable, Sendable {
        public let documentId: UUID
    }

    /// The `document` object of the detail.
    public struct DocumentSummary: Decodable, Sendable {
        public let id: UUID
        public let fileName: String
        public let mimeType: String
        public let status: DocumentStatus
        public let pageCount: Int?
        public let createdAt: Date
        public let updatedAt: Date
    }

    /// One entry of `components`.
    public struct FieldComponent: Decodable, Sendable {
        public let id: UUID
        public let fieldId: UUID
        public let type: FieldType
        public let label: String
        public let placeholder: String?
        public let pageIndex: Int
    }

    /// One value of `fieldMap`.
    public struct FieldRegionDTO: Decodable, Sendable {
        public let id: UUID
        public let pageIndex: Int
        public let x: Double
        public let y: Double
        public let width: Double
        public let height: Double
        public let fieldType: FieldType
        public let label: String
        public let confidence: Double
    }

    /// `GET /api/v1/documents/{id}`.
    public struct DocumentDetailResponse: Decodable, Sendable {
        public let document: DocumentSummary
        public let components: [FieldComponent]
        public let fieldMap: [String: FieldRegionDTO]
    }

    /// `GET /api/v1/documents/{id}/download`.
    public struct DownloadResponse: Decodable, Sendable {
        public let filledPdfUrl: String
    }

    /// `process` and `compose` answers. Not in the app's table (it reads the document again after them); held to
    /// the types its fields have everywhere else, so an app that does decode it can.
    public struct JobAccepted: Decodable, Sendable {
        public let documentId: UUID
        public let status: DocumentStatus
        public let jobId: UUID
    }

    /// `values` answer. Not in the app's table either; held to the same types as `FieldValueInput`.
    public struct ValuesResponse: Decodable, Sendable {
        public struct Item: Decodable, Sendable {
            public let fieldRegionId: UUID
            public let value: String
            public let source: String
            public let updatedAt: Date
        }
        public let documentId: UUID
        public let values: [Item]
    }

    /// The decoder the app uses: `JSONDecoder()` with `.iso8601` dates. On iOS that strategy is
    /// `ISO8601DateFormatter` with `.withInternetDateTime`, which refuses fractional seconds; Foundation on Linux
    /// accepts them under `.iso8601`, so the iOS behaviour is spelled out here.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            guard let date = formatter.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\(text) is not an ISO 8601 date-time without fractional seconds")
            }
            return date
        }
        return decoder
    }
}

/// The error envelope both apps' backends share: `{"error": {"code", "message", "statusCode"}}`.
public struct ErrorEnvelopeModel: Decodable, Sendable {
    public struct Body: Decodable, Sendable {
        public let code: String
        public let message: String
        public let statusCode: Int
    }
    public let error: Body
}

import Foundation
import Hummingbird

/// `GET /api/v1/documents/{id}` answer.
struct DocumentDetailResponse: ResponseEncodable, Decodable {
    struct Document: Codable {
        var id: String
        var fileName: String
        var mimeType: String
        var status: String
        var pageCount: Int
        var createdAt: Date
        var updatedAt: Date
        /// Why processing or composing failed; null otherwise.
        var error: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(fileName, forKey: .fileName)
            try container.encode(mimeType, forKey: .mimeType)
            try container.encode(status, forKey: .status)
            try container.encode(pageCount, forKey: .pageCount)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(updatedAt, forKey: .updatedAt)
            try container.encode(error, forKey: .error)
        }
    }

    struct Component: Codable {
        var id: String
        var fieldId: String
        var type: String
        var label: String
        var placeholder: String
        var pageIndex: Int
    }

    struct Region: Codable {
        var id: String
        var pageIndex: Int
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var fieldType: String
        var label: String
        var confidence: Double
    }

    var document: Document
    var components: [Component]
    var fieldMap: [String: Region]

    init(_ record: DocumentRecord) {
        document = Document(
            id: record.id, fileName: record.fileName, mimeType: record.mimeType, status: record.status.rawValue,
            pageCount: record.pageCount, createdAt: record.createdAt, updatedAt: record.updatedAt, error: record.error)
        let regions = (record.decodedLayout()?.regions ?? []).sorted {
            ($0.pageIndex, $0.y, $0.x) < ($1.pageIndex, $1.y, $1.x)
        }
        components = regions.map { region in
            let id = region.id.uuidString.lowercased()
            return Component(
                id: id, fieldId: id, type: region.fieldType.rawValue, label: region.label ?? "",
                placeholder: Self.placeholder(for: region), pageIndex: region.pageIndex)
        }
        var map: [String: Region] = [:]
        for region in regions {
            let id = region.id.uuidString.lowercased()
            map[id] = Region(
                id: id, pageIndex: region.pageIndex, x: region.x, y: region.y, width: region.width,
                height: region.height, fieldType: region.fieldType.rawValue, label: region.label ?? "",
                confidence: region.confidence)
        }
        fieldMap = map
    }

    static func placeholder(for region: DetectedField) -> String {
        switch region.fieldType {
        case .date: "MM/DD/YYYY"
        case .number: "0"
        case .checkbox: ""
        case .signature: "Signature"
        case .text, .multiline, .unknown: region.label ?? ""
        }
    }
}

import Foundation

/// `POST /api/v1/documents/{id}/values` body.
package struct ValuesRequest: Decodable {
    struct Item: Decodable {
        var fieldRegionId: String
        var value: String
        var source: String?
    }

    var values: [Item]

    /// At most this many values per request.
    static let maxValues = 5000
    /// At most this many characters per value.
    static let maxValueLength = 10_000

    /// The values of a request body: JSON decoded, then each item checked (a UUID region id, a value of at most
    /// ``maxValueLength`` characters, a known source; manual when none is given).
    /// - Throws: `APIError.validation` naming the first problem.
    package static func inputs(fromJSON body: [UInt8]) throws -> [FieldValueInput] {
        let request = try JSONBody.decode(ValuesRequest.self, from: body)
        guard request.values.count <= maxValues else {
            throw APIError.validation("at most \(maxValues) values per request")
        }
        var inputs: [FieldValueInput] = []
        for (index, item) in request.values.enumerated() {
            guard let regionID = UUID(uuidString: item.fieldRegionId) else {
                throw APIError.validation("values[\(index)].fieldRegionId must be a UUID")
            }
            guard item.value.count <= maxValueLength else {
                throw APIError.validation("values[\(index)].value is longer than \(maxValueLength) characters")
            }
            let source: ValueSource
            if let text = item.source {
                guard let parsed = ValueSource(rawValue: text) else {
                    throw APIError.validation("values[\(index)].source must be manual, autofill or ai")
                }
                source = parsed
            } else {
                source = .manual
            }
            inputs.append(FieldValueInput(fieldRegionId: regionID, value: item.value, source: source))
        }
        return inputs
    }
}

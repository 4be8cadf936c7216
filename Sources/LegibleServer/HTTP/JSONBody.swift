import Foundation

/// Decoding of JSON request bodies, with errors that name the problem and where it is.
enum JSONBody {
    /// Decodes `bytes` as `type`.
    /// - Throws: `APIError.validation`: an empty body, invalid JSON, or a missing or mistyped member (with its path).
    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value {
        guard !bytes.isEmpty else { throw APIError.validation("request body is empty; expected JSON") }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw APIError.validation("invalid JSON body: \(describe(error))")
        } catch {
            throw APIError.validation("invalid JSON body")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let text = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? "body" : text
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing \(key.stringValue) at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context): return "\(context.debugDescription) at \(path(context))"
        @unknown default: return "undecodable"
        }
    }
}

import Foundation
import LegibleServer

/// Request bodies the server parses itself: a `multipart/form-data` upload when the input's first line is a
/// multipart Content-Type (the rest is the body), else the documents API's values JSON.
enum RequestsTarget {
    static func run(_ data: Data) -> FuzzOutcome {
        let bytes = [UInt8](data)
        let newline = bytes.prefix(512).firstIndex(of: 0x0A)
        if let newline {
            let header = String(decoding: bytes[..<newline], as: UTF8.self)
            if header.lowercased().hasPrefix("multipart/") {
                return FuzzOutcome.of {
                    let form = try MultipartFormData(contentType: header, body: Array(bytes[(newline + 1)...]))
                    return "\(form.parts.count) parts: " + form.parts.map { "\($0.name) \($0.body.count) bytes" }
                        .joined(separator: ", ")
                }
            }
        }
        return FuzzOutcome.of { "\(try ValuesRequest.inputs(fromJSON: bytes).count) values" }
    }
}

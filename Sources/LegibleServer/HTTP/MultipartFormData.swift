package import Foundation

/// A parsed `multipart/form-data` body (RFC 7578), with limits on part count and header size.
package struct MultipartFormData: Sendable {
    /// One part of the body.
    package struct Part: Sendable, Equatable {
        package var name: String
        package var fileName: String?
        package var contentType: String?
        package var body: Data

        /// The body as UTF-8 text, trimmed.
        var text: String { String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Why a body could not be parsed.
    package enum ParseError: Error, Equatable, CustomStringConvertible {
        case notMultipart(String?)
        case missingBoundary
        case malformed(String)
        case tooManyParts(Int)

        package var description: String {
            switch self {
            case .notMultipart(let type): "expected multipart/form-data, got \(type ?? "no Content-Type")"
            case .missingBoundary: "multipart/form-data without a valid boundary parameter"
            case .malformed(let detail): "malformed multipart body: \(detail)"
            case .tooManyParts(let limit): "multipart body has more than \(limit) parts"
            }
        }
    }

    package var parts: [Part]

    /// The first part named `name`.
    func part(_ name: String) -> Part? { parts.first { $0.name == name } }

    static let maxParts = 32
    static let maxHeaderBytes = 8 * 1024

    /// Parses `body` sent with the `Content-Type` header `contentType`: bytes in memory, or a spooled upload
    /// mapped from its file. Each part's body is copied out.
    /// - Throws: `ParseError`.
    package init(contentType: String?, body: some ContiguousBytes) throws {
        guard let contentType, let header = HeaderValue(contentType),
            header.value.lowercased() == "multipart/form-data"
        else {
            throw ParseError.notMultipart(contentType)
        }
        guard let boundary = header.parameters["boundary"], (1...70).contains(boundary.utf8.count) else {
            throw ParseError.missingBoundary
        }
        parts = try body.withUnsafeBytes { try Self.parse(body: $0, boundary: Array("--\(boundary)".utf8)) }
    }

    private static let crlf: [UInt8] = [13, 10]

    private static func parse(body: UnsafeRawBufferPointer, boundary: [UInt8]) throws -> [Part] {
        guard var cursor = firstIndex(of: boundary, in: body, from: 0) else {
            throw ParseError.malformed("no opening boundary")
        }
        cursor += boundary.count
        var parts: [Part] = []
        while true {
            // After a delimiter: "--" closes the body, otherwise optional whitespace then CRLF.
            if body[cursor...].starts(with: [45, 45]) { return parts }
            while cursor < body.count, body[cursor] == 32 || body[cursor] == 9 { cursor += 1 }
            guard body[cursor...].starts(with: crlf) else { throw ParseError.malformed("boundary not followed by CRLF") }
            cursor += 2
            guard let next = firstIndex(of: crlf + boundary, in: body, from: cursor) else {
                throw ParseError.malformed("missing closing boundary")
            }
            guard parts.count < maxParts else { throw ParseError.tooManyParts(maxParts) }
            parts.append(try parsePart(body[cursor..<next]))
            cursor = next + 2 + boundary.count
            guard cursor < body.count else { throw ParseError.malformed("body ends after a boundary") }
        }
    }

    private static func parsePart(_ bytes: Slice<UnsafeRawBufferPointer>) throws -> Part {
        let headerEnd: Int
        if let end = firstIndex(of: crlf + crlf, in: bytes, from: bytes.startIndex) {
            headerEnd = end
        } else {
            throw ParseError.malformed("part without headers")
        }
        guard headerEnd - bytes.startIndex <= maxHeaderBytes else { throw ParseError.malformed("part headers too long") }
        let headerText = String(decoding: bytes[bytes.startIndex..<headerEnd], as: UTF8.self)
        var disposition: HeaderValue?
        var contentType: String?
        for line in headerText.components(separatedBy: "\r\n") where !line.isEmpty {
            // By Unicode scalar: a combining mark after the colon must not hide it (HeaderValue says why).
            let scalars = line.unicodeScalars
            guard let colon = scalars.firstIndex(of: ":") else { throw ParseError.malformed("bad part header line") }
            let name = String(scalars[..<colon]).trimmingCharacters(in: .whitespaces).lowercased()
            let value = String(scalars[scalars.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            switch name {
            // Quoted-string escapes first (RFC 7578 parts are MIME headers); a value they leave unterminated is
            // read as browsers write it, backslashes literal (`name="\"` is the field `\`).
            case "content-disposition":
                disposition = HeaderValue(value) ?? HeaderValue(value, backslashEscapes: false)
            case "content-type": contentType = value
            default: break
            }
        }
        // RFC 7578 requires the name parameter, not that it be non-empty: a part named "" is a form field no
        // route reads, so it is kept (and ignored) like any other unknown field.
        guard let disposition, disposition.value.lowercased() == "form-data",
            let name = disposition.parameters["name"]
        else {
            throw ParseError.malformed("part without Content-Disposition: form-data; name=...")
        }
        return Part(
            name: name, fileName: disposition.parameters["filename"], contentType: contentType,
            body: Data(UnsafeRawBufferPointer(rebasing: bytes[(headerEnd + 4)...])))
    }

    /// First index of `needle` in `haystack` at or after `start`.
    static func firstIndex<C: RandomAccessCollection<UInt8>>(of needle: [UInt8], in haystack: C, from start: C.Index)
        -> C.Index?
    where C.Index == Int {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.endIndex - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = true
                for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}

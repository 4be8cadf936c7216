import Foundation
import Testing

@testable import LegibleServer

@Suite("Multipart parser")
struct MultipartFormDataTests {
    func parse(_ text: String, contentType: String = "multipart/form-data; boundary=XyZ") throws -> MultipartFormData {
        try MultipartFormData(contentType: contentType, body: Array(text.utf8))
    }

    @Test func parsesFieldsAndFiles() throws {
        let form = try parse(
            "preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"device_type\"\r\n\r\niphone\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a \\\"b\\\";c.jpg\"\r\n"
                + "Content-Type: image/jpeg\r\n\r\nline1\r\nline2 --XyZ-not-a-boundary\r\n--XyZ--\r\nepilogue")
        #expect(form.parts.count == 2)
        #expect(form.part("device_type")?.text == "iphone")
        let image = try #require(form.part("image"))
        #expect(image.fileName == "a \"b\";c.jpg")
        #expect(image.contentType == "image/jpeg")
        #expect(String(decoding: image.body, as: UTF8.self) == "line1\r\nline2 --XyZ-not-a-boundary")
    }

    @Test func quotedBoundaryAndCaseInsensitiveType() throws {
        let form = try parse(
            "--a b\r\nContent-Disposition: form-data; name=x\r\n\r\n1\r\n--a b--\r\n",
            contentType: "Multipart/Form-Data; charset=utf-8; boundary=\"a b\"")
        #expect(form.part("x")?.text == "1")
    }

    @Test func binaryBodiesSurvive() throws {
        let payload: [UInt8] = (0..<256).map(UInt8.init) + [13, 10, 45, 45] + (0..<256).map(UInt8.init)
        var body = Array("--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"b\"\r\n\r\n".utf8)
        body += payload + Array("\r\n--XyZ--\r\n".utf8)
        let form = try MultipartFormData(contentType: "multipart/form-data; boundary=XyZ", body: body)
        #expect(Array(form.part("f")?.body ?? Data()) == payload)
    }

    @Test func rejectsMalformedBodies() {
        let cases: [(String, String)] = [
            ("", "multipart/form-data; boundary=XyZ"),
            ("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end", "multipart/form-data; boundary=XyZ"),
            ("--XyZ\r\nContent-Disposition: form-data\r\n\r\nx\r\n--XyZ--", "multipart/form-data; boundary=XyZ"),
            ("--XyZ\r\nContent-Disposition: attachment; name=a\r\n\r\nx\r\n--XyZ--", "multipart/form-data; boundary=XyZ"),
            ("--XyZ\r\nbroken header\r\n\r\nx\r\n--XyZ--", "multipart/form-data; boundary=XyZ"),
            ("--XyZ\r\nContent-Disposition: form-data; name=a\r\n\r\nx\r\n--XyZ", "multipart/form-data; boundary=XyZ"),
            ("--XyZjunk", "multipart/form-data; boundary=XyZ"),
            ("x", "multipart/form-data"),
            ("x", "multipart/form-data; boundary=\(String(repeating: "b", count: 71))"),
            ("x", "multipart/form-data; boundary=\"unterminated"),
            ("x", "application/json"),
        ]
        for (body, contentType) in cases {
            #expect(throws: MultipartFormData.ParseError.self, "\(body) / \(contentType)") {
                try parse(body, contentType: contentType)
            }
        }
    }

    /// RFC 7578 requires a `name` parameter, not a non-empty one: a part named "" (schemathesis sends one as an
    /// extra form field) is kept and never matched, instead of failing the whole upload with 400.
    @Test func keepsPartsWithEmptyNames() throws {
        let form = try parse(
            "--XyZ\r\nContent-Disposition: form-data; name=\"\"\r\n\r\n{}\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; name=\"device_type\"\r\n\r\nipad\r\n--XyZ--\r\n")
        #expect(form.parts.map(\.name) == ["", "device_type"])
        #expect(form.part("device_type")?.text == "ipad")
    }

    /// Browsers (and schemathesis, through urllib3) write a backslash in a field name as itself, so a field named
    /// `\` arrives as `name="\"`: unterminated under quoted-string escapes, it is read with the backslash literal.
    @Test func backslashesInFieldNamesAsBrowsersWriteThem() throws {
        let form = try parse(
            "--XyZ\r\nContent-Disposition: form-data; name=\"\\\"\r\n\r\n{}\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; name=\"a\\\"; filename=\"b.png\"\r\n\r\nx\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; name=\"device_type\"\r\n\r\nipad\r\n--XyZ--\r\n")
        #expect(form.parts.map(\.name) == ["\\", "a\\", "device_type"])
        #expect(form.parts[1].fileName == "b.png")
        #expect(form.part("device_type")?.text == "ipad")
    }

    /// A field name starting with a combining mark (U+302D) joins the opening quote into one Character; the
    /// delimiters are found by Unicode scalar, so the name is read whole.
    @Test func combiningMarksAfterDelimiters() throws {
        let form = try parse(
            "--XyZ\r\nContent-Disposition: form-data; name=\"\u{302D}\u{BFF3}\u{C3}\"\r\n\r\nfalse\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; name=\u{301}x; filename=\"\u{301}.png\"\r\n\r\ny\r\n"
                + "--XyZ\r\nX-Note:\u{301}\r\nContent-Disposition: form-data; name=z\r\n\r\nw\r\n--XyZ--\r\n")
        #expect(form.parts.map(\.name) == ["\u{302D}\u{BFF3}\u{C3}", "\u{301}x", "z"])
        #expect(form.parts[1].fileName == "\u{301}.png")
    }

    @Test func limitsThePartCount() {
        let part = "--XyZ\r\nContent-Disposition: form-data; name=\"p\"\r\n\r\nv\r\n"
        let body = String(repeating: part, count: MultipartFormData.maxParts + 1) + "--XyZ--\r\n"
        #expect(throws: MultipartFormData.ParseError.tooManyParts(MultipartFormData.maxParts)) { try parse(body) }
    }
}

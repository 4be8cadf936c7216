public import Foundation

/// Small PDFs written byte by byte for tests that need a structure no fixture has (rotated pages, crop
/// boxes, damaged cross-references).
public enum MinimalPDF {
    /// A PDF whose objects are `bodies` (object `n` is `bodies[n - 1]`, object 1 the catalog), with a
    /// classic cross-reference table.
    public static func build(_ bodies: [String]) -> Data {
        var output = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, body) in bodies.enumerated() {
            offsets.append(output.utf8.count)
            output += "\(index + 1) 0 obj\n\(body)\nendobj\n"
        }
        let start = output.utf8.count
        output += "xref\n0 \(bodies.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            output += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        output += "trailer\n<< /Size \(bodies.count + 1) /Root 1 0 R >>\nstartxref\n\(start)\n%%EOF\n"
        return Data(output.utf8)
    }

    /// A content stream object body holding `content`.
    public static func stream(_ content: String) -> String {
        "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
    }

    /// One page: media box 400 x 300 points, crop box `[20 10 380 290]`, the rotation set on the page tree
    /// node (so the page inherits it), and the word `Label` in Helvetica 12 at (60, 60) in user space.
    public static func labelledPage(rotate: Int) -> Data {
        build([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 /Rotate \(rotate) >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /CropBox [20 10 380 290] /Contents 4 0 R "
                + "/Resources << /Font << /F1 5 0 R >> >> >>",
            stream("BT /F1 12 Tf 60 60 Td (Label) Tj ET"),
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ])
    }
}

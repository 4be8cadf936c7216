import FormFill
import Foundation
import LegibleImaging
import LegiblePDF

/// Real forms in ../shared/forms (read only) and helpers to read filled values back.
enum FormFixtures {
    static let formsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/forms")

    static func interactive(_ name: String) -> String {
        formsDirectory.appendingPathComponent("interactive/\(name)").path
    }

    static var allInteractive: [String] {
        let directory = formsDirectory.appendingPathComponent("interactive")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".pdf") }.sorted().map { directory.appendingPathComponent($0).path }
    }

    /// The text Poppler extracts inside `rect` (words whose centre lies in it), spaces removed.
    static func text(in rect: PDFRect, of page: PDFPage) -> String {
        let inside = page.words().filter { rect.contains(x: $0.rect.midX, y: $0.rect.midY) }
        return inside.map(\.text).joined()
    }

    /// The share of dark pixels in `rect` of the rendered page.
    static func inkRatio(in rect: PDFRect, of page: PDFPage) throws -> Double {
        let image = try page.render(dpi: 72, clip: rect)
        var dark = 0, total = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                total += 1
                if let value = image.pixel(x: x, y: y), value < 128 { dark += 1 }
            }
        }
        return total == 0 ? 0 : Double(dark) / Double(total)
    }

    /// The first empty, fillable single-line text field wide enough for a name.
    static func firstTextField(_ fields: [FillField], in document: PDFDocument) throws -> FillField? {
        let empty = Set(try document.formWidgets().filter { ($0.value ?? "").isEmpty }.map(\.fieldID))
        return fields.first {
            $0.kind == .text && !$0.isReadOnly && $0.rect.width >= 60 && $0.rect.height >= 8 && $0.maxLength == nil
                && $0.acroFormFieldID.map(empty.contains) == true
                && (try? text(in: $0.rect, of: document.page(at: $0.pageIndex)))?.isEmpty == true
        }
    }
}

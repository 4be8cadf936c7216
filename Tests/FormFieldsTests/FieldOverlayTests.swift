import FormFields
import Foundation
import LegibleImaging
import LegiblePDF
import Testing
import TestSupport

@Suite("Field overlay")
struct FieldOverlayTests {
    @Test func outlinesLandOnTheRegionsInTheirTypesColour() throws {
        let url = Fixtures.sharedForms.appendingPathComponent(
            "interactive/Hopding__pdf-lib__assets__pdfs__sample_form.pdf")
        let document = try PDFDocument(contentsOf: url.path)
        let regions = try FormFieldDetector().detect(document).filter { $0.pageIndex == 0 }
        let page = try document.page(at: 0)
        let dpi = 100.0
        let overlay = try FieldOverlay.draw(regions, on: page, dpi: dpi)
        let plain = try page.render(dpi: dpi)
        #expect(overlay.width == plain.width && overlay.height == plain.height)

        let scale = dpi / 72
        for region in regions where region.source == .acroform && region.width * scale > 20 {
            let colour = FieldOverlay.color(for: region.fieldType)
            let word = UInt32(colour.red) << 24 | UInt32(colour.green) << 16 | UInt32(colour.blue) << 8
            // Along the bottom edge of the region's rectangle most pixels carry the type's colour.
            let y = Int(region.y * scale) + max(1, Int(region.height * scale)) - 1
            let xs = Array(Int(region.x * scale)..<Int((region.x + region.width) * scale))
            let hits = xs.filter { overlay.pixel(x: $0, y: y) == word }.count
            #expect(hits * 2 > xs.count, "\(region.label): \(hits) of \(xs.count) edge pixels coloured")
        }
    }
}

@Suite("Preview pages")
struct PreviewPagesTests {
    @Test func writesOnePNGPerPageAtThePagesSize() throws {
        let url = Fixtures.sharedForms.appendingPathComponent(
            "interactive/pdfcpu__pdfcpu__pkg__samples__form__demo__english.pdf")
        let document = try PDFDocument(contentsOf: url.path)
        let regions = try FormFieldDetector().detect(document)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("legible-previews-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let files = try FieldOverlay.writePreviews(regions, of: document, to: directory, dpi: 72)
        #expect(files.map(\.lastPathComponent) == (1...document.pageCount).map { "page-\($0).png" })
        for (index, file) in files.enumerated() {
            let image = try Image(contentsOf: file.path)
            let page = try document.page(at: index)
            #expect(abs(image.width - Int(page.width.rounded())) <= 1)
            #expect(abs(image.height - Int(page.height.rounded())) <= 1)
        }
    }
}

@Suite("Previews of a long form", .serialized)
struct LongFormPreviewTests {
    /// A 13-page form made by concatenating real forms with qpdf (4 + 4 + 4 + 1 pages), in `directory`.
    static func thirteenPageForm(in directory: URL) throws -> URL {
        let four = Fixtures.sharedForms.appendingPathComponent(
            "interactive/pdfcpu__pdfcpu__pkg__samples__signatures__adbe.pkcs7.detached__usageRights.pdf").path
        let one = Fixtures.sharedForms.appendingPathComponent(
            "interactive/Hopding__pdf-lib__assets__pdfs__sample_form.pdf").path
        let output = directory.appendingPathComponent("thirteen.pdf")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
        process.arguments = ["--empty", "--pages", four, four, four, one, "--", output.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        // Exit status 3 is qpdf's "succeeded with warnings".
        #expect([0, 3].contains(process.terminationStatus), "qpdf could not build the 13-page form")
        return output
    }

    /// Resident memory (`VmRSS`) or its peak (`VmHWM`) from /proc/self/status, in bytes.
    static func memory(_ key: String) -> Int? {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix(key + ":") {
            return line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }

    @Test("13 pages: each page image is released before the next is rendered")
    func onePageImageAtATime() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("legible-long-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = try PDFDocument(contentsOf: try Self.thirteenPageForm(in: directory).path)
        #expect(document.pageCount == 13)

        weak var previous: Image?
        var seen: [Int] = []
        try FieldOverlay.forEachPreview(nil, of: document, dpi: 50) { index, image in
            #expect(previous == nil, "page \(index) arrived while page \(index - 1)'s image was still alive")
            previous = image
            seen.append(index)
        }
        #expect(seen == Array(0..<13))
        #expect(previous == nil)
    }

    @Test("13 pages of 200-dpi previews: peak memory grows by far less than 13 page images")
    func boundedPeakMemory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("legible-long-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = try PDFDocument(contentsOf: try Self.thirteenPageForm(in: directory).path)
        let regions = try FormFieldDetector().detect(document)
        let pageBytes = try (0..<document.pageCount).map { index in
            let page = try document.page(at: index)
            return Int(page.width * 200 / 72 + 1) * Int(page.height * 200 / 72 + 1) * 4
        }
        let allPages = pageBytes.reduce(0, +)

        // Reset the peak to the current size where the kernel allows it (writing 5 to clear_refs).
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let before = try #require(Self.memory("VmRSS"))
        let peakBefore = try #require(Self.memory("VmHWM"))
        let output = directory.appendingPathComponent("previews")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let files = try FieldOverlay.writePreviews(regions, of: document, to: output, dpi: 200)
        #expect(files.count == 13)
        let peak = try #require(Self.memory("VmHWM"))
        // Without the reset, a higher earlier peak hides this run's growth (the check then cannot fail).
        let growth = peak > peakBefore ? peak - before : 0
        // One page image (plus the annotated copy, grey render and PNG) is a few page sizes; all 13 would be
        // allPages. Other suites run at the same time in this process (OCR engines, page renders) and add to the
        // peak, so the margin is wide: less than 60% of all pages (about 8 page images), which holding every
        // page still exceeds.
        #expect(growth < allPages * 3 / 5, "peak grew \(growth / 1_000_000) MB; 13 page images are \(allPages / 1_000_000) MB")
    }
}

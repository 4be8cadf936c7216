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

    /// `pdffill detect FORM --preview DIR` run under GNU time; returns pdffill's peak resident memory (bytes).
    ///
    /// Measured in a child so that the suites running alongside in this process do not add to the peak, and
    /// through `time`, which forks it from its own small process: a child spawned straight from this process
    /// (vfork, then exec) is charged this process's peak as its own maximum resident size.
    static func previewPeakMemory(of form: URL, into directory: URL) throws -> Int {
        let pdffill = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("pdffill")
        try #require(FileManager.default.isExecutableFile(atPath: pdffill.path), "pdffill is built beside the tests")
        let report = directory.appendingPathExtension("rss")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", "-o", report.path, pdffill.path, "detect", form.path, "--preview", directory.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "pdffill detect --preview exited with \(process.terminationStatus)")
        let kilobytes = try String(contentsOf: report, encoding: .utf8).split(separator: "\n").last.flatMap { Int($0) }
        return try #require(kilobytes, "GNU time wrote no peak memory") * 1024
    }

    @Test("pdffill detect --preview: 13 pages take about the peak memory of 4, not 13 page images more")
    func boundedPeakMemory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("legible-long-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The 13-page form repeats the pages of the 4-page one (4 + 4 + 4 + 1 pages).
        let thirteen = try Self.thirteenPageForm(in: directory)
        let four = Fixtures.sharedForms.appendingPathComponent(
            "interactive/pdfcpu__pdfcpu__pkg__samples__signatures__adbe.pkcs7.detached__usageRights.pdf")
        let document = try PDFDocument(contentsOf: four.path)
        let page = try document.page(at: 0)
        // One preview page at pdffill's 100 dpi, as 32-bit pixels.
        let pageImage = Int(page.width * 100 / 72 + 1) * Int(page.height * 100 / 72 + 1) * 4

        let peakFour = try Self.previewPeakMemory(of: four, into: directory.appendingPathComponent("four"))
        let peakThirteen = try Self.previewPeakMemory(of: thirteen, into: directory.appendingPathComponent("thirteen"))
        let pngs = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("thirteen").path)
        #expect(pngs.filter { $0.hasSuffix(".png") }.count == 13)
        // Holding every page would add nine more page images (and their annotated copies) to the peak.
        #expect(
            peakThirteen - peakFour < pageImage * 4,
            "peak \(peakThirteen / 1_000_000) MB for 13 pages, \(peakFour / 1_000_000) MB for 4; a page is \(pageImage / 1_000_000) MB")
    }
}

internal import CCairo
public import Foundation
public import LegibleImaging

extension PDFDocument {
    /// Wraps an image (a scan or photo of a form) as a one-page PDF, so it goes down the same path as a PDF.
    ///
    /// The page is `width * 72 / dpi` by `height * 72 / dpi` points and holds the image only (no text layer).
    /// - Parameters:
    ///   - image: The picture, upright.
    ///   - dpi: The resolution to assume; nil takes the image's own when it is plausible (72...1200) and 150
    ///     otherwise (phone photos carry 72 by convention, which would make pages far too large).
    /// - Throws: `PDFError.image` when the pixels cannot be read, `.operationFailed` when Cairo fails.
    public convenience init(image: Image, dpi: Double? = nil, options: PDFOpenOptions = .default) throws(PDFError) {
        let resolution = dpi ?? Self.assumedDPI(for: image)
        guard resolution.isFinite, resolution >= 10, resolution <= 2400 else {
            throw PDFError.invalidArgument(operation: "wrap image", reason: "DPI \(resolution) is not in 10...2400")
        }
        let pdf = try Self.onePagePDF(image: image, dpi: resolution)
        try self.init(data: pdf, options: options)
        sourceImageDPI = resolution
    }

    /// Decodes image bytes (PNG, JPEG, TIFF...) and wraps them as a one-page PDF; see ``init(image:dpi:options:)``.
    ///
    /// - Throws: `PDFError.image` naming the decoding problem.
    public convenience init(imageData: Data, dpi: Double? = nil, options: PDFOpenOptions = .default) throws(PDFError) {
        let image: Image
        do { image = try Image(data: imageData) } catch { throw PDFError.image(reason: error.description) }
        try self.init(image: image, dpi: dpi, options: options)
    }

    /// The resolution assumed for an image without an explicit one.
    static func assumedDPI(for image: Image) -> Double {
        let stored = Double(image.resolution)
        return stored > 72 && stored <= 1200 ? stored : 150
    }

    private final class Sink {
        var data = Data()
    }

    private static func onePagePDF(image: Image, dpi: Double) throws(PDFError) -> Data {
        let pixels: [UInt32]
        do { pixels = try image.argb32Words() } catch { throw PDFError.image(reason: error.description) }
        let width = image.width, height = image.height
        guard let bitmap = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
            cairo_surface_status(bitmap) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(bitmap)
        else { throw PDFError.operationFailed(operation: "wrap image (bitmap)") }
        defer { cairo_surface_destroy(bitmap) }
        cairo_surface_flush(bitmap)
        let stride = Int(cairo_image_surface_get_stride(bitmap))
        let rowBytes = width * 4
        pixels.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            guard let base = source.baseAddress else { return }
            for row in 0..<height {
                let destination = UnsafeMutableRawPointer(target + row * stride)
                destination.copyMemory(from: base + row * rowBytes, byteCount: rowBytes)
            }
        }
        cairo_surface_mark_dirty(bitmap)

        let sink = Sink()
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        let points = 72 / dpi
        guard
            let surface = cairo_pdf_surface_create_for_stream(
                { closure, bytes, length in
                    guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                    Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
                    return CAIRO_STATUS_SUCCESS
                }, box.toOpaque(), Double(width) * points, Double(height) * points)
        else { throw PDFError.operationFailed(operation: "wrap image (PDF surface)") }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            throw PDFError.operationFailed(operation: "wrap image (PDF surface)")
        }
        cairo_scale(context, points, points)
        cairo_set_source_surface(context, bitmap, 0, 0)
        cairo_paint(context)
        cairo_show_page(context)
        let status = cairo_status(context)
        cairo_destroy(context)
        cairo_surface_finish(surface)
        guard status == CAIRO_STATUS_SUCCESS, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw PDFError.operationFailed(operation: "wrap image (PDF)")
        }
        return sink.data
    }
}

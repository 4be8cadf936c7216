internal import CCairo
import Foundation

/// The owner of a Cairo PDF surface writing to memory and its drawing context; both destroyed in `deinit`.
///
/// Pages are added with ``beginPage(width:height:)`` and ``endPage()``; ``finish()`` returns the PDF bytes.
/// Cairo subsets every font it draws with (fonts are never embedded whole).
final class CairoPDFWriter {
    let surface: OpaquePointer
    let context: OpaquePointer
    private let sink: Unmanaged<ByteSink>
    private var finished = false

    /// Creates a writer whose first page is `width` x `height` points.
    init(width: Double, height: Double) throws(FillError) {
        let sink = Unmanaged.passRetained(ByteSink())
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().append(data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
        guard let surface = cairo_pdf_surface_create_for_stream(write, sink.toOpaque(), width, height) else {
            sink.release()
            throw FillError.drawingFailed(operation: "PDF surface", reason: "Cairo returned no surface")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            sink.release()
            throw FillError.drawingFailed(operation: "PDF surface", reason: Self.describe(status))
        }
        self.surface = surface
        self.context = context
        self.sink = sink
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
        sink.release()
    }

    /// Sets the size of the page about to be drawn, in points.
    func beginPage(width: Double, height: Double) {
        cairo_pdf_surface_set_size(surface, width, height)
    }

    /// Ends the current page.
    func endPage() throws(FillError) {
        cairo_show_page(context)
        try check("page")
    }

    /// Throws when the context is in an error state.
    func check(_ operation: String) throws(FillError) {
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw FillError.drawingFailed(operation: operation, reason: Self.describe(status))
        }
    }

    /// Finishes the document and returns its bytes.
    func finish() throws(FillError) -> Data {
        if !finished {
            cairo_surface_finish(surface)
            finished = true
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw FillError.drawingFailed(operation: "finish", reason: Self.describe(status))
        }
        return sink.takeUnretainedValue().data
    }

    static func describe(_ status: cairo_status_t) -> String {
        guard let text = cairo_status_to_string(status) else { return "Cairo status \(status.rawValue)" }
        return String(cString: text)
    }
}

/// Collects the bytes Cairo writes.
private final class ByteSink {
    var data = Data()

    func append(_ bytes: UnsafePointer<UInt8>, count: Int) {
        data.append(bytes, count: count)
    }
}

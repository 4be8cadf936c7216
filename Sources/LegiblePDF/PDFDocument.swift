internal import CPoppler
public import Foundation

/// An open PDF document: the single owner of one Poppler document.
///
/// Not thread-safe and therefore not `Sendable`: Poppler documents and their pages must not be used from two
/// threads at once. Open one document per task (opening is cheap next to rendering) or confine it to an actor.
public final class PDFDocument {
    /// Owned reference to the `PopplerDocument`; released in `deinit`.
    let handle: OpaquePointer
    /// The bytes the document was opened from (used for stable ids and raw scans).
    public let data: Data
    /// Number of pages (at least 1; zero-page documents are refused).
    public let pageCount: Int
    /// The options the document was opened with.
    public let options: PDFOpenOptions
    /// When the document was made from an image, the resolution assumed for it (pixels per inch); nil for PDFs.
    public internal(set) var sourceImageDPI: Double?
    /// The field ids of ``formWidgets()``, listed on the first ``setFieldValue(_:fieldID:)``.
    var knownFieldIDs: Set<Int>?
    /// The comb widgets' rectangles, read on the first ``combWidgetRects()``.
    var combRects: [Int: [PDFRect]]?
    /// The largest image the file declares, read on the first ``checkImageSizes()`` (outer nil: not read yet).
    var largestImage: (width: Int, height: Int)??
    /// The raw objects as a rebuilding reader sees them, read on the first check that needs them.
    var rawObjects: RawObjectGraph?

    /// Opens a PDF from its bytes.
    ///
    /// Damaged cross-reference tables are rebuilt where Poppler can.
    /// - Throws: `PDFError.empty`, `.tooManyBytes`, `.notAPDF`, `.passwordRequired`, `.wrongPassword`,
    ///   `.damaged`, `.noPages`, `.tooManyPages`.
    public init(data: Data, options: PDFOpenOptions = .default) throws(PDFError) {
        guard !data.isEmpty else { throw PDFError.empty }
        guard data.count <= options.maxBytes else {
            throw PDFError.tooManyBytes(byteCount: data.count, limit: options.maxBytes)
        }
        try PDFDocument.checkHeader(data)
        var error: UnsafeMutablePointer<GError>?
        let bytes = data.withUnsafeBytes { raw in g_bytes_new(raw.baseAddress, gsize(raw.count)) }
        defer { g_bytes_unref(bytes) }  // Poppler keeps its own reference.
        let document: OpaquePointer?
        if let password = options.password {
            // Poppler 22.12's from-bytes path dereferences a moved stream when retrying a wrong password (a
            // crash on hostile input); the stream path does not have that retry bug.
            let stream = g_memory_input_stream_new_from_bytes(bytes)
            defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
            document = poppler_document_new_from_stream(stream, goffset(data.count), password, nil, &error)
        } else {
            document = poppler_document_new_from_bytes(bytes, nil, &error)
        }
        guard let document else {
            defer { if error != nil { g_error_free(error) } }
            throw PDFDocument.translate(error, hadPassword: options.password != nil)
        }
        if error != nil { g_error_free(error) }
        let count = Int(poppler_document_get_n_pages(document))
        guard count > 0 else {
            g_object_unref(UnsafeMutableRawPointer(document))
            throw PDFError.noPages
        }
        guard count <= options.maxPages else {
            g_object_unref(UnsafeMutableRawPointer(document))
            throw PDFError.tooManyPages(pageCount: count, limit: options.maxPages)
        }
        self.handle = document
        self.data = data
        self.pageCount = count
        self.options = options
    }

    /// Reads and opens a PDF file; see ``init(data:options:)``.
    ///
    /// - Throws: `PDFError.unreadableFile` when the file cannot be read, or any error of ``init(data:options:)``.
    public convenience init(contentsOf path: String, options: PDFOpenOptions = .default) throws(PDFError) {
        let url = URL(fileURLWithPath: path)
        let values = try? url.resourceValues(forKeys: [.fileSizeKey, .isDirectoryKey])
        if values?.isDirectory == true { throw PDFError.unreadableFile(path: path, reason: "it is a directory") }
        if let size = values?.fileSize, size > options.maxBytes {
            throw PDFError.tooManyBytes(byteCount: size, limit: options.maxBytes)
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw PDFError.unreadableFile(path: path, reason: error.localizedDescription)
        }
        try self.init(data: data, options: options)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// The page at a 0-based index.
    ///
    /// - Throws: `PDFError.pageOutOfRange`, or `.damaged` when Poppler cannot load the page.
    public func page(at index: Int) throws(PDFError) -> PDFPage {
        guard index >= 0, index < pageCount else { throw PDFError.pageOutOfRange(index: index, pageCount: pageCount) }
        guard let page = poppler_document_get_page(handle, Int32(index)) else {
            throw PDFError.damaged(reason: "page \(index) cannot be loaded")
        }
        return PDFPage(owning: page, document: self, index: index)
    }

    /// All AcroForm widgets of the document, page by page.
    ///
    /// - Throws: `PDFError.damaged` when a page cannot be loaded.
    public func formWidgets() throws(PDFError) -> [PDFFormWidget] {
        var widgets: [PDFFormWidget] = []
        for index in 0..<pageCount { widgets += try page(at: index).formWidgets() }
        return widgets
    }

    /// True when the document carries an XFA form (a LiveCycle form; hybrid when it also has AcroForm widgets).
    ///
    /// Poppler-GLib does not expose XFA, so this scans the raw bytes, including compressed object streams.
    /// Encrypted documents whose streams are encrypted may be reported as false.
    public var hasXFA: Bool { RawPDFScanner(data: data).containsName("XFA") }

    /// Refuses a document whose largest declared image passes `options.maxImagePixels`, before anything draws it
    /// (Poppler decodes an image whole, so a 30000 x 30000 image costs gigabytes at any DPI). Read once per
    /// document. Not thread-safe, like the document.
    /// - Throws: `PDFError.imageTooLarge`.
    public func checkImageSizes() throws(PDFError) {
        if largestImage == nil { largestImage = .some(RawPDFScanner(data: data).largestImage()) }
        guard let found = largestImage ?? nil else { return }
        let (pixels, overflow) = found.width.multipliedReportingOverflow(by: found.height)
        if overflow || pixels > options.maxImagePixels {
            throw PDFError.imageTooLarge(width: found.width, height: found.height, limit: options.maxImagePixels)
        }
    }

    /// Whether a Poppler error means "encrypted" or "damaged", as a `PDFError`.
    static func translate(_ error: UnsafeMutablePointer<GError>?, hadPassword: Bool) -> PDFError {
        guard let error else { return .damaged(reason: "Poppler gave no reason") }
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        if error.pointee.domain == poppler_error_quark(), error.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
            return hadPassword ? .wrongPassword : .passwordRequired
        }
        return .damaged(reason: message)
    }

    /// Refuses bytes that do not hold `%PDF-` within their first 1024 bytes (as readers allow).
    static func checkHeader(_ data: Data) throws(PDFError) {
        let head = data.prefix(1024)
        let marker = Array("%PDF-".utf8)
        let bytes = Array(head)
        if bytes.count >= marker.count {
            for start in 0...(bytes.count - marker.count) where bytes[start..<start + marker.count].elementsEqual(marker) {
                return
            }
        }
        let printable = bytes.prefix(12).map { byte -> Character in
            (0x20..<0x7F).contains(byte) ? Character(UnicodeScalar(byte)) : "."
        }
        throw PDFError.notAPDF(prefix: String(printable))
    }
}

internal import CCairo
import Foundation

/// The owner of a Cairo image surface decoded from PNG bytes in memory; destroyed in `deinit`.
final class PNGImageSurface {
    /// The largest PNG accepted, in bytes.
    static let maxBytes = 8 << 20
    /// The largest PNG accepted, in pixels.
    static let maxPixels = 25_000_000

    let handle: OpaquePointer
    let width: Int
    let height: Int

    /// Decodes `data` as PNG.
    /// - Throws: A reason string (wrapped by the caller into ``FillError``) when the bytes are not a PNG,
    ///   are too large or damaged.
    init(png data: Data) throws(PNGImageSurface.Failure) {
        guard !data.isEmpty else { throw Failure(reason: "the image is 0 bytes") }
        guard data.count <= Self.maxBytes else {
            throw Failure(reason: "the image is \(data.count) bytes; the limit is \(Self.maxBytes)")
        }
        let magic: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count > 24, Array(data.prefix(8)) == magic else {
            throw Failure(reason: "the bytes are not a PNG (no PNG signature)")
        }
        // IHDR width and height, big-endian, at bytes 16..<24: refuse huge images before decoding.
        let header = Array(data[data.startIndex + 16..<data.startIndex + 24])
        let w = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let h = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        guard w > 0, h > 0, w <= 32_767, h <= 32_767, w * h <= Self.maxPixels else {
            throw Failure(reason: "the PNG is \(w)x\(h) pixels; the limit is \(Self.maxPixels) pixels")
        }
        let reader = PNGReader(bytes: [UInt8](data))
        let unmanaged = Unmanaged.passRetained(reader)
        defer { unmanaged.release() }
        let read: cairo_read_func_t = { closure, buffer, length in
            guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
            let reader = Unmanaged<PNGReader>.fromOpaque(closure).takeUnretainedValue()
            return reader.read(into: buffer, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }
        guard let surface = cairo_image_surface_create_from_png_stream(read, unmanaged.toOpaque()) else {
            throw Failure(reason: "Cairo could not decode it")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw Failure(reason: "the PNG is damaged or truncated (\(String(cString: cairo_status_to_string(status))))")
        }
        handle = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit {
        cairo_surface_destroy(handle)
    }

    /// Why a PNG could not be used.
    struct Failure: Error {
        var reason: String
    }
}

/// Feeds bytes to Cairo's PNG reader.
private final class PNGReader {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count >= 0, position + count <= bytes.count else { return false }
        bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            buffer.update(from: base + position, count: count)
        }
        position += count
        return true
    }
}

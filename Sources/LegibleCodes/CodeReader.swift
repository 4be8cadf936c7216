internal import CZBar
public import LegibleImaging

/// Decodes barcodes and QR codes in an image with zbar (Debian's `libzbar-dev`).
///
/// Every row and every column is scanned (zbar's densest setting): scanning every second one halved the time
/// but lost 3 of the 42 codes read on the realistic set's stickers, every third one 11.
///
/// zbar rather than zxing-cpp: Debian 12's zxing-cpp 1.4 read codes about three times as fast, but it is built
/// with assertions on, and one of the realistic set's sticker photos aborted the process inside it
/// (`Result::operator==`, zxing-cpp issue 740); a server cannot host a decoder that aborts on a photo. zbar's
/// plain C API also needs no C++ shim. Each call creates and frees its own zbar scanner, so a `CodeReader`
/// is a plain value that any thread can use.
public struct CodeReader: Sendable {
    /// The symbologies looked for; the others are switched off, which saves time and rules out false reads
    /// of codes no serial label uses (EAN and UPC digits in a texture, for instance).
    public var symbologies: Set<CodeSymbology>

    /// Creates a reader of `symbologies` (default: every one Legible knows).
    public init(symbologies: Set<CodeSymbology> = Set(CodeSymbology.allCases)) {
        self.symbologies = symbologies
    }

    /// The codes in `image`, in the order zbar reports them, with boxes in `image`'s pixels.
    ///
    /// Colour images are read through their luminance. A code is found at any rotation (zbar scans rows and
    /// columns, and QR codes carry their own orientation).
    ///
    /// - Throws: `ImagingError` when the image cannot be turned into grey bytes (out of memory), or
    ///   `.invalidArgument` when it is larger than zbar takes (over 2^31 pixels).
    public func symbols(in image: Image) throws(ImagingError) -> [CodeSymbol] {
        guard !symbologies.isEmpty else { return [] }
        let width = image.width, height = image.height
        guard width > 0, height > 0, width * height < Int(Int32.max) else {
            throw .invalidArgument(operation: "code reading", reason: "image of \(width)x\(height) is too large")
        }
        let gray = try image.grayBytes()
        guard let scanner = zbar_image_scanner_create() else {
            throw .operationFailed(operation: "code reading")
        }
        defer { zbar_image_scanner_destroy(scanner) }
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        for symbology in symbologies {
            zbar_image_scanner_set_config(scanner, symbology.zbarType, ZBAR_CFG_ENABLE, 1)
        }
        guard let zimage = zbar_image_create() else {
            throw .operationFailed(operation: "code reading")
        }
        defer { zbar_image_destroy(zimage) }
        zbar_image_set_format(zimage, Self.fourCC("Y800"))
        zbar_image_set_size(zimage, UInt32(width), UInt32(height))
        return gray.withUnsafeBytes { bytes -> [CodeSymbol] in
            // Swift owns the bytes (no cleanup handler); zbar lets go of them before the closure ends.
            zbar_image_set_data(zimage, bytes.baseAddress, UInt(bytes.count), nil)
            defer { zbar_image_set_data(zimage, nil, 0, nil) }
            guard zbar_scan_image(scanner, zimage) > 0 else { return [] }
            var found: [CodeSymbol] = []
            var symbol = zbar_image_first_symbol(zimage)
            while let current = symbol {
                defer { symbol = zbar_symbol_next(current) }
                guard let symbology = CodeSymbology(zbarType: zbar_symbol_get_type(current)),
                    let data = zbar_symbol_get_data(current)
                else { continue }
                let length = Int(zbar_symbol_get_data_length(current))
                let payload = String(
                    decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
                found.append(
                    CodeSymbol(
                        symbology: symbology, payload: payload, box: Self.bounds(of: current, width: width, height: height),
                        quality: Int(zbar_symbol_get_quality(current))))
            }
            return found
        }
    }

    /// The rectangle around a symbol's located points, clipped to the image.
    private static func bounds(of symbol: OpaquePointer, width: Int, height: Int) -> PixelRect {
        let count = zbar_symbol_get_loc_size(symbol)
        guard count > 0 else { return PixelRect(x: 0, y: 0, width: width, height: height) }
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for index in 0..<count {
            let x = Int(zbar_symbol_get_loc_x(symbol, index)), y = Int(zbar_symbol_get_loc_y(symbol, index))
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
        minX = max(0, minX)
        minY = max(0, minY)
        maxX = min(width - 1, maxX)
        maxY = min(height - 1, maxY)
        return PixelRect(x: minX, y: minY, width: max(1, maxX - minX + 1), height: max(1, maxY - minY + 1))
    }

    /// A four-character code as zbar's image formats spell them (little-endian).
    private static func fourCC(_ code: StaticString) -> UInt {
        let bytes = UnsafeRawBufferPointer(start: code.utf8Start, count: 4)
        return UInt(bytes[0]) | UInt(bytes[1]) << 8 | UInt(bytes[2]) << 16 | UInt(bytes[3]) << 24
    }
}

extension CodeSymbology {
    fileprivate var zbarType: zbar_symbol_type_t {
        switch self {
        case .qrCode: ZBAR_QRCODE
        case .code128: ZBAR_CODE128
        case .code39: ZBAR_CODE39
        case .code93: ZBAR_CODE93
        }
    }

    fileprivate init?(zbarType: zbar_symbol_type_t) {
        switch zbarType {
        case ZBAR_QRCODE: self = .qrCode
        case ZBAR_CODE128: self = .code128
        case ZBAR_CODE39: self = .code39
        case ZBAR_CODE93: self = .code93
        default: return nil
        }
    }
}

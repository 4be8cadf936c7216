public import LegibleCodes
public import LegibleImaging

/// The kind of photo a serial is read from; each has its own image pipeline.
public enum SerialPreset: String, Sendable, Codable, CaseIterable {
    /// Laser-etched or engraved text on metal: low contrast, highlights, small text among regulatory text.
    case etched
    /// A settings or "About" screen photographed by a phone: light or dark mode, moire, glare.
    case screen
    /// A printed label or sticker: small print, barcodes and captions.
    case sticker
    /// Decide from the image: guess the kind from its grey statistics, and when that preset ends without a
    /// confident answer, read with the other presets too and keep the most confident answer.
    case auto
}

/// What kind of device the serial belongs to, when the caller knows. It shifts the ranking towards that
/// maker's formats; it never removes a candidate.
public enum DeviceType: String, Sendable, Codable, CaseIterable {
    case macbook, iphone, ipad, other

    /// True for Apple devices.
    var isApple: Bool { self != .other }
}

/// One possible reading of the serial.
public struct SerialCandidate: Hashable, Sendable, Codable {
    /// The serial, upper-case letters and digits only.
    public var serial: String
    /// Calibrated probability that this is the device's serial, 0...1. Calibrated apart for scans with and
    /// without a device type: without one the model's scores run low, and they are mapped (keeping their
    /// order) to the rates measured on such scans.
    public var confidence: Double
    /// The grammar it fits.
    public var format: SerialFormat
    /// Where it was read, in pixels of the upright image, top-left origin; nil when unknown.
    public var box: PixelRect?
    /// How many characters were changed from Tesseract's first reading to fit the grammar.
    public var repairs: Int
    /// True when a caption such as "Serial No." announced it.
    public var captioned: Bool
    /// Where the serial was read: printed text (`ocr`), a barcode or QR code (`barcode`), or both.
    public var sources: [SerialSource]

    /// Creates a candidate.
    public init(
        serial: String, confidence: Double, format: SerialFormat, box: PixelRect?, repairs: Int = 0,
        captioned: Bool = false, sources: [SerialSource] = [.ocr]
    ) {
        self.serial = serial
        self.confidence = confidence
        self.format = format
        self.box = box
        self.repairs = repairs
        self.captioned = captioned
        self.sources = sources
    }
}

/// What a serial candidate was read from.
public enum SerialSource: String, Sendable, Codable, Hashable, CaseIterable {
    /// Text recognised in the photo.
    case ocr
    /// A barcode or QR code decoded in the photo (the payload is exact: codes carry their own checks).
    case barcode
}

/// Time spent in each stage of a scan, in milliseconds.
public struct SerialScanTimings: Hashable, Sendable, Codable {
    /// Decoding the image and turning it upright.
    public var decode: Double = 0
    /// Building image variants and finding text lines.
    public var locate: Double = 0
    /// Recognising the chosen lines.
    public var recognize: Double = 0
    /// Parsing, repairing and ranking candidates.
    public var rank: Double = 0
    /// Decoding barcodes and QR codes.
    public var codes: Double = 0
    /// Everything, end to end.
    public var total: Double = 0

    /// Creates zero timings.
    public init() {}
}

/// A line of text the scanner sent to Tesseract and what it read there.
public struct SerialScanLine: Hashable, Sendable, Codable {
    /// The text read, words separated by single spaces.
    public var text: String
    /// Where the line is, in pixels of the upright image, top-left origin.
    public var box: PixelRect
    /// Tesseract's confidence for the line, 0...1.
    public var confidence: Double

    /// Creates a line.
    public init(text: String, box: PixelRect, confidence: Double) {
        self.text = text
        self.box = box
        self.confidence = confidence
    }
}

/// The outcome of reading one photo.
public struct SerialScanResult: Hashable, Sendable, Codable {
    /// Candidates, best first; empty when nothing serial-like was read.
    public var candidates: [SerialCandidate]
    /// The preset whose pipeline produced the result (the detected one when `auto` was asked for).
    public var preset: SerialPreset
    /// Per-stage timings.
    public var timings: SerialScanTimings
    /// Why there are no candidates, when there are none ("no text found", "text found but no serial"); when
    /// there are and the first is not to be trusted (confidence under ``trustedFrom``), what its reading lacked
    /// ("the best reading, C02…, is uncertain (confidence 0.31): no caption such as "Serial No." announced it").
    public var reason: String?
    /// The lines recognised, in the order they were read.
    public var lines: [SerialScanLine]
    /// How far the photo was turned, clockwise in degrees (0, 90, 180 or 270), to read the text the answer
    /// came from: a sideways photo of a laptop's case reads at 90 or 270. Boxes stay in the photo's own pixels.
    public var rotation: Int = 0
    /// The barcodes and QR codes decoded in the photo, whether or not their payload held a serial.
    public var codes: [CodeSymbol] = []
    /// Each candidate's confidence-model inputs, in candidate order (for calibration tools; not encoded).
    package var candidateFeatures: [[Double]] = []
    /// True when the scan stopped at ``SerialScanOptions/timeLimit`` before it had read all it would have (not
    /// encoded).
    public var reachedTimeLimit = false

    private enum CodingKeys: String, CodingKey {
        case candidates, preset, timings, reason, lines, rotation, codes
    }

    /// The best candidate, if any.
    public var top: SerialCandidate? { candidates.first }

    /// Every box multiplied by `factor`: boxes found in a photo decoded at 1/`factor` of its size, given in
    /// the encoded photo's pixels.
    mutating func scaleBoxes(by factor: Int) {
        guard factor != 1 else { return }
        mapBoxes { PixelRect(x: $0.x * factor, y: $0.y * factor, width: $0.width * factor, height: $0.height * factor) }
    }

    /// Every box (candidates', lines' and codes') replaced by `transform` of it.
    mutating func mapBoxes(_ transform: (PixelRect) -> PixelRect) {
        for index in candidates.indices { candidates[index].box = candidates[index].box.map(transform) }
        for index in lines.indices { lines[index].box = transform(lines[index].box) }
        for index in codes.indices { codes[index].box = transform(codes[index].box) }
    }

    /// Creates a result.
    public init(
        candidates: [SerialCandidate], preset: SerialPreset, timings: SerialScanTimings, reason: String?,
        lines: [SerialScanLine]
    ) {
        self.candidates = candidates
        self.preset = preset
        self.timings = timings
        self.reason = reason
        self.lines = lines
    }
}

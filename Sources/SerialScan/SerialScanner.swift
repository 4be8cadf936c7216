public import Foundation
public import LegibleImaging
public import LegibleOCR

/// Reads device serial numbers from phone photos: engraved plates, settings screens and printed labels.
///
/// A scan runs on one recogniser borrowed from a `RecognizerPool` (one core), so a pool of N engines
/// scans N photos at once. The scanner is `Sendable`: share one per process.
public final class SerialScanner: Sendable {
    /// The engines scans run on.
    public let pool: RecognizerPool
    /// Tuning and limits.
    public let options: SerialScanOptions
    /// What reads the lines of this scanner's scans: ``SerialScanOptions/lineReader``, except that
    /// ``SerialScanOptions/LineReader/legible`` becomes ``SerialScanOptions/LineReader/tesseract`` when
    /// Legible's reader cannot load the pool's models (then Tesseract's engine reads them, about 1.5x as slow).
    public let lineReader: SerialScanOptions.LineReader
    private let ranker: SerialRanker

    /// The recogniser settings scans need: one line per call, no dictionaries, per-symbol alternatives, with
    /// the model ``SerialModel/selected`` names.
    public static let recognizerConfiguration = SerialModel.recognizerConfiguration(for: SerialModel.selected)

    /// Creates a scanner over `pool`, which must use ``recognizerConfiguration`` (or one like it). With
    /// Legible's line reader, its models are loaded here (once per process), so the first scan does not pay
    /// for them; ``lineReader`` says whether they loaded.
    public init(pool: RecognizerPool, options: SerialScanOptions = SerialScanOptions()) {
        self.pool = pool
        self.options = options
        self.ranker = .standard
        let loaded = options.lineReader == .legible
            && LineReading.readersLoad(for: pool.configuration, dataPath: pool.dataPath)
        self.lineReader = loaded ? .legible : .tesseract
    }

    /// Creates a scanner with its own pool of `engines` recognisers (default: one per core).
    ///
    /// - Throws: `OCRError` when Tesseract cannot start (missing language data names the paths searched).
    public convenience init(
        engines: Int? = nil, options: SerialScanOptions = SerialScanOptions()
    ) throws(OCRError) {
        self.init(
            pool: try RecognizerPool(size: engines, configuration: Self.recognizerConfiguration), options: options)
    }

    /// Scans encoded image bytes (JPEG, PNG, ...), turned upright by their EXIF orientation.
    ///
    /// - Parameters:
    ///   - imageData: The encoded photo: JPEG, HEIC, PNG, TIFF, WebP, BMP, PNM or GIF.
    ///   - preset: The kind of photo, or `.auto` to decide from the image.
    ///   - deviceType: The device, when known; shifts the ranking towards its maker's formats.
    /// - Throws: `SerialScanError.image` for bytes that are not a usable image (the error names the problem
    ///   and the limit), `.recognition` when Tesseract fails, `CancellationError` when cancelled while
    ///   waiting for an engine.
    public func scan(
        imageData: Data, preset: SerialPreset = .auto, deviceType: DeviceType? = nil
    ) async throws -> SerialScanResult {
        let options = options
        let ranker = ranker
        return try await pool.withRecognizer { recognizer in
            try Self.scan(imageData: imageData, preset: preset, deviceType: deviceType, recognizer: recognizer,
                          options: options, ranker: ranker)
        }
    }

    /// Scans a decoded image; see ``scan(imageData:preset:deviceType:)``.
    public func scan(
        _ image: Image, preset: SerialPreset = .auto, deviceType: DeviceType? = nil
    ) async throws -> SerialScanResult {
        let options = options
        let ranker = ranker
        return try await pool.withRecognizer { recognizer in
            try SerialScanPipeline(recognizer: recognizer, options: options, ranker: ranker)
                .run(image, preset: preset, deviceType: deviceType, decodeMilliseconds: 0)
        }
    }

    /// Scans on a recogniser the caller owns, on the calling thread (for tools and benchmarks that manage
    /// their own threads). The recogniser should use ``recognizerConfiguration``.
    public static func scan(
        imageData: Data, preset: SerialPreset = .auto, deviceType: DeviceType? = nil, recognizer: Recognizer,
        options: SerialScanOptions = SerialScanOptions()
    ) throws(SerialScanError) -> SerialScanResult {
        try scan(imageData: imageData, preset: preset, deviceType: deviceType, recognizer: recognizer,
                 options: options, ranker: .standard)
    }

    /// ``scan(imageData:preset:deviceType:recognizer:options:)`` with a given confidence model (calibration).
    package static func scan(
        imageData: Data, preset: SerialPreset, deviceType: DeviceType?, recognizer: Recognizer,
        options: SerialScanOptions, ranker: SerialRanker
    ) throws(SerialScanError) -> SerialScanResult {
        let clock = ContinuousClock()
        let start = clock.now
        let decoded: (image: Image, reduction: Int)
        do {
            decoded = try Image.decoded(imageData, options: options.decode)
        } catch {
            throw .image(error)
        }
        let decode = (clock.now - start).milliseconds
        var result = try SerialScanPipeline(recognizer: recognizer, options: options, ranker: ranker)
            .run(decoded.image, preset: preset, deviceType: deviceType, decodeMilliseconds: decode)
        result.scaleBoxes(by: decoded.reduction)
        if result.reason == nil { result.reason = SerialScanResult.doubt(about: result.candidates) }
        return result
    }
}

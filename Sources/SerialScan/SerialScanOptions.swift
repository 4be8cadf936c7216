public import LegibleImaging

/// Tuning and limits for ``SerialScanner``.
public struct SerialScanOptions: Sendable, Hashable {
    /// Limits for decoding untrusted photos (pixel count, bytes).
    public var decode: DecodeOptions
    /// Longest side, in pixels, of the working copy used to find text lines. Default 1200.
    public var workingSize: Int
    /// Character height, in pixels, that lines are scaled to for recognition (Tesseract's LSTM reads
    /// capitals of about 30 to 36 pixels best). Default 34.
    public var recognitionHeight: Int
    /// Most text lines sent to Tesseract per photo. Default 8.
    public var maximumLines: Int
    /// Confidence at which the scan stops looking further. Default 0.85: on both serial sets (2026-11-24) it
    /// gave the same answers as 0.93 in 7-10% less time; 0.8 began to change answers.
    public var stopConfidence: Double
    /// Most candidates returned. Default 5.
    public var maximumCandidates: Int
    /// When set, each scan writes what it looked at into this existing folder as PNGs: the ink found by each
    /// image variant (`ink-<variant>.png`) and each line as sent to Tesseract (`line-<variant>-<x>-<y>.png`).
    /// For diagnosis only: it slows scans down and overwrites earlier files.
    public var diagnosticsDirectory: String?

    /// Creates options; the defaults aim at tens of milliseconds per phone photo on one core.
    public init(
        decode: DecodeOptions = .default, workingSize: Int = 1200, recognitionHeight: Int = 34,
        maximumLines: Int = 8, stopConfidence: Double = 0.85, maximumCandidates: Int = 5,
        diagnosticsDirectory: String? = nil
    ) {
        self.diagnosticsDirectory = diagnosticsDirectory
        self.decode = decode
        self.workingSize = workingSize
        self.recognitionHeight = recognitionHeight
        self.maximumLines = maximumLines
        self.stopConfidence = stopConfidence
        self.maximumCandidates = maximumCandidates
    }
}

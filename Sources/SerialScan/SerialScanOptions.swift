import Foundation
public import LegibleImaging

/// Tuning and limits for ``SerialScanner``.
public struct SerialScanOptions: Sendable, Hashable {
    /// Limits for decoding untrusted photos (pixel count, bytes), and how far large JPEGs are reduced while
    /// decoding. Default ``photoDecoding``.
    public var decode: DecodeOptions
    /// Longest side, in pixels, of the working copy used to find text lines. Default 1200.
    public var workingSize: Int
    /// Character height, in pixels, that lines are scaled to for recognition (Tesseract's LSTM reads
    /// capitals of about 30 to 36 pixels best). Default 34.
    public var recognitionHeight: Int
    /// Most line readings sent to Tesseract per photo (a line read twice counts twice). Default 16. Against
    /// 8, on 2026-11-25 with device hints, 12 took top-1 84.7% -> 86.1% on the main serial set and 87.8% ->
    /// 91.1% held out, with the same median scan. 12 -> 16 on 2026-11-26: screenshots, where a whole screen
    /// of IDs competes with the serial, 87.5% -> 100% top-1 (two System Information windows reach the
    /// serial's row at their 14th reading); both photo sets keep every answer, with 3% more readings and the
    /// slowest photo 1.1x. With `auto`, a photo whose guessed preset ends below `stopConfidence` is then read
    /// by each other preset with half this budget.
    public var maximumLines: Int
    /// Confidence at which the scan stops looking further. Default 0.6. With the model rescaled on
    /// 2026-11-25 and photos scanned with device hints, stopping at 0.6 instead of 0.85 (a line holding a
    /// serial is still read twice below 0.85) took the median scan from 139 to 91 ms on the main serial set
    /// with the same top-1 (68.5%), and from 143 to 91 ms on the held-out set for one answer of 90. It is
    /// compared with the confidence model's own scores, which a scan without a device type reports raised
    /// (see ``SerialCandidate/confidence``).
    public var stopConfidence: Double
    /// Most candidates returned. Default 5.
    public var maximumCandidates: Int
    /// When set, a scan starts no further image variant or line reading once it has taken this long, decoding
    /// included, and answers with the best it has found (``SerialScanResult/reachedTimeLimit`` says so). A
    /// reading under way finishes, so a scan can run over by about one reading (20 ms on a 2-core server of
    /// 2026). Nil (the default) lets every scan read up to ``maximumLines``: most photos end well before, but
    /// the slowest tenth of the main serial set takes 0.4-0.8 s. A server that must answer within a time can
    /// trade those photos' accuracy for it (README, Performance). A limit of zero or less reads nothing.
    public var timeLimit: Duration?
    /// When set, each scan writes what it looked at into this existing folder as PNGs: the ink found by each
    /// image variant (`ink-<variant>.png`) and each line as sent to Tesseract (`line-<variant>-<x>-<y>.png`).
    /// For diagnosis only: it slows scans down and overwrites earlier files.
    public var diagnosticsDirectory: String?
    /// What reads the lines: Tesseract's engine, or Legible's own inference of the same models over the
    /// engine's layout (``LineReader``). Default ``LineReader/selected``.
    public var lineReader: LineReader

    /// What reads a scan's lines.
    public enum LineReader: String, Sendable, Hashable, CaseIterable {
        /// Tesseract's engine: its layout and its network.
        case tesseract
        /// Tesseract's layout, then Legible's LSTM inference of the same models (`LSTMLineReader`, with
        /// the engine's word lists and its rule for trying its second model): about half the recognition
        /// time. The default.
        case legible

        /// The environment variable that picks the default reader: `tesseract` or `legible` (any other
        /// value is ignored).
        public static let variable = "LEGIBLE_LINE_READER"

        /// The default: `LEGIBLE_LINE_READER` when it names a reader, else ``legible``.
        public static var selected: LineReader {
            ProcessInfo.processInfo.environment[variable].flatMap(LineReader.init(rawValue:)) ?? .legible
        }
    }

    /// The default decoding of photos: the default limits, and JPEGs of 4000 pixels or more on their longer
    /// side decoded at a reduced size no shorter than 2000 pixels (a 12 MP phone photo at half size).
    /// Lines are found at 1200 pixels and read at a cap height of 34, so the pixels dropped are ones a scan
    /// does not use.
    public static let photoDecoding = DecodeOptions(jpegMinimumLongerSide: 2000)

    /// Creates options; the defaults aim at tens of milliseconds per phone photo on one core.
    public init(
        decode: DecodeOptions = photoDecoding, workingSize: Int = 1200, recognitionHeight: Int = 34,
        maximumLines: Int = 16, stopConfidence: Double = 0.6, maximumCandidates: Int = 5,
        timeLimit: Duration? = nil, diagnosticsDirectory: String? = nil, lineReader: LineReader = .selected
    ) {
        self.lineReader = lineReader
        self.timeLimit = timeLimit
        self.diagnosticsDirectory = diagnosticsDirectory
        self.decode = decode
        self.workingSize = workingSize
        self.recognitionHeight = recognitionHeight
        self.maximumLines = maximumLines
        self.stopConfidence = stopConfidence
        self.maximumCandidates = maximumCandidates
    }
}

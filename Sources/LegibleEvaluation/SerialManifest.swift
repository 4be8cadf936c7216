public import Foundation
public import LegibleImaging
public import SerialScan

/// One labelled photo of an evaluation set (`manifest.json` beside the photos).
public struct SerialManifestEntry: Codable, Sendable, Hashable {
    /// File name inside the set's folder.
    public var file: String
    /// `etched`, `screen` or `sticker`.
    public var preset: String
    /// `easy`, `medium` or `hard`.
    public var difficulty: String?
    /// The true serial.
    public var serial: String
    /// The serial's format name (`apple12`, `dell`...).
    public var format: String?
    /// `macbook`, `iphone`, `ipad` or `other`.
    public var deviceType: String?
    /// Where the serial is printed, `[x, y, width, height]` in pixels of the photo as stored.
    public var serialBox: [Double]?

    /// ``serialBox`` as a rectangle of whole pixels that holds it; nil when absent or not four numbers.
    public var serialRect: PixelRect? {
        guard let box = serialBox, box.count == 4, box.allSatisfy(\.isFinite) else { return nil }
        let x = Int(box[0].rounded(.down)), y = Int(box[1].rounded(.down))
        return PixelRect(
            x: x, y: y, width: Int((box[0] + box[2]).rounded(.up)) - x, height: Int((box[1] + box[3]).rounded(.up)) - y)
    }
}

/// Reads a set's manifest.
public enum SerialManifest {
    /// The entries of `directory/manifest.json`, keyed by file name; nil when there is no manifest.
    ///
    /// - Throws: a decoding error naming the problem when the manifest exists but is malformed.
    public static func load(directory: URL) throws -> [String: SerialManifestEntry]? {
        let url = directory.appendingPathComponent("manifest.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let entries = try JSONDecoder().decode([SerialManifestEntry].self, from: Data(contentsOf: url))
        return Dictionary(entries.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Photos in `directory` (`.jpg`, `.jpeg`, `.png`, `.heic`, any case), sorted by name.
    public static func photos(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { ["jpg", "jpeg", "png", "heic"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}

/// What a reader said about one photo, as `ocrbench serials --predictions` writes it.
public struct SerialPrediction: Codable, Sendable, Hashable {
    /// One candidate serial with its confidence.
    public struct Candidate: Codable, Sendable, Hashable {
        public var serial: String
        public var confidence: Double
        /// Where the scanner read it (`ocr`, `barcode`); absent for baselines.
        public var sources: [String]?

        /// Creates a candidate.
        public init(serial: String, confidence: Double, sources: [String]? = nil) {
            self.serial = serial
            self.confidence = confidence
            self.sources = sources
        }
    }

    /// File name of the photo.
    public var file: String
    /// Preset used (the detected one for `auto`).
    public var preset: String
    /// Candidates, best first.
    public var candidates: [Candidate]
    /// Wall-clock time for the photo, decode included, in milliseconds.
    public var milliseconds: Double
    /// Why there are no candidates, or the error, when there are none; why the first is uncertain, when the
    /// scanner says so (``SerialScan/SerialScanResult/reason``).
    public var reason: String?
    /// The text lines the reader recognised, for diagnosis.
    public var lines: [String]?
    /// The scanner's time per stage (decode, locate, recognise, rank), for diagnosis; absent for baselines.
    public var timings: SerialScanTimings?
    /// True when the scan stopped at its time limit (`--time-limit`); absent otherwise.
    public var reachedTimeLimit: Bool?
    /// Clockwise degrees the scanner turned the photo to read its answer, when not 0.
    public var rotation: Int?
    /// Whether any line the scanner recognised covers the serial (``SerialLineCoverage``), whatever it read
    /// there; absent when the manifest gives no box for the serial, and for baselines.
    public var serialLineRead: Bool?

    /// Creates a prediction.
    public init(
        file: String, preset: String, candidates: [Candidate], milliseconds: Double, reason: String? = nil,
        lines: [String]? = nil
    ) {
        self.lines = lines
        self.file = file
        self.preset = preset
        self.candidates = candidates
        self.milliseconds = milliseconds
        self.reason = reason
    }
}

/// Whether a scan located the serial's line: line finding scored apart from reading.
public enum SerialLineCoverage {
    /// True when one of `lines` (boxes in the photo's pixels) covers at least half of `serial`'s area. A line
    /// read in a wrong orientation still counts: this measures where the scanner looked, not what it read.
    /// Boxes are upright rectangles, so a long line photographed at a tilt has a tall box; its thickness is
    /// not held against it.
    public static func covers(_ lines: [PixelRect], serial: PixelRect) -> Bool {
        guard serial.area > 0 else { return false }
        return lines.contains { line in (line.intersection(serial)?.area ?? 0) * 2 >= serial.area }
    }
}

import Foundation

/// Output size over input size for a set of filled forms.
public struct SizeRatios: Sendable, Hashable, Codable {
    /// Forms measured.
    public var count: Int
    /// Median and largest ratio (output bytes / input bytes); 0 for no forms.
    public var median: Double
    public var maximum: Double
    /// The form with the largest ratio.
    public var maximumFile: String?

    /// Summarises `ratios` (file name, output bytes / input bytes).
    public init(_ ratios: [(file: String, ratio: Double)]) {
        count = ratios.count
        median = SerialMetrics.percentile(ratios.map(\.ratio), 0.5)
        let largest = ratios.max { $0.ratio < $1.ratio }
        maximum = largest?.ratio ?? 0
        maximumFile = largest?.file
    }
}

/// What `ocrbench perf --forms` measured: detection and fill time per page, qpdf on the same forms, output
/// sizes and memory.
///
/// As JSON (``jsonData()``) it is one object; `speedupVsQpdf` (qpdf's total time over the overlay fill's on
/// the forms both handled) is always present, `null` when not measured.
public struct FormPerfReport: Sendable, Hashable, Codable, BenchmarkReport {
    /// PDFs found, those with AcroForm fields that were filled, their pages, and passes over each.
    public var forms: Int
    public var filledForms: Int
    public var pages: Int
    public var passes: Int
    /// Where the forms came from (a folder).
    public var source: String
    /// Detection time per page by kind of document (`acroform`, `bornDigital`, `scan`), in milliseconds.
    public var detection: [String: LatencySummary]
    /// Overlay (flattened) fill time per page, in milliseconds.
    public var overlayFill: LatencySummary
    /// Interactive (AcroForm) fill time per page, in milliseconds.
    public var interactiveFill: LatencySummary
    /// `qpdf --generate-appearances` per page on the same forms and values, process start included; nil when
    /// qpdf was not run.
    public var qpdfGenerateAppearances: LatencySummary?
    /// qpdf's time over the overlay fill's time, summed over the forms both handled (how many times faster
    /// the overlay fill is).
    public var speedupVsQpdf: Double?
    /// Output size over input size.
    public var overlaySizeRatio: SizeRatios
    public var interactiveSizeRatio: SizeRatios
    /// Documents or steps that failed, with the reason.
    public var failures: [String]
    /// The process's peak resident memory (`VmHWM`) at the end of the run, in MB (10^6 bytes).
    public var peakResidentMegabytes: Double?
    /// The machine's one-minute load average at the start and end of the run.
    public var loadAverageAtStart: Double?
    public var loadAverageAtEnd: Double?

    /// Creates a report.
    public init(
        forms: Int, filledForms: Int, pages: Int, passes: Int, source: String, detection: [String: LatencySummary],
        overlayFill: LatencySummary, interactiveFill: LatencySummary, qpdfGenerateAppearances: LatencySummary?,
        speedupVsQpdf: Double?, overlaySizeRatio: SizeRatios, interactiveSizeRatio: SizeRatios, failures: [String],
        peakResidentMegabytes: Double?, loadAverageAtStart: Double?, loadAverageAtEnd: Double?
    ) {
        self.forms = forms
        self.filledForms = filledForms
        self.pages = pages
        self.passes = passes
        self.source = source
        self.detection = detection
        self.overlayFill = overlayFill
        self.interactiveFill = interactiveFill
        self.qpdfGenerateAppearances = qpdfGenerateAppearances
        self.speedupVsQpdf = speedupVsQpdf
        self.overlaySizeRatio = overlaySizeRatio
        self.interactiveSizeRatio = interactiveSizeRatio
        self.failures = failures
        self.peakResidentMegabytes = peakResidentMegabytes
        self.loadAverageAtStart = loadAverageAtStart
        self.loadAverageAtEnd = loadAverageAtEnd
    }

    private enum CodingKeys: String, CodingKey {
        case forms, filledForms, pages, passes, source, detection, overlayFill, interactiveFill
        case qpdfGenerateAppearances, speedupVsQpdf, overlaySizeRatio, interactiveSizeRatio, failures
        case peakResidentMegabytes, loadAverageAtStart, loadAverageAtEnd
    }

    /// Encodes every key, with `null` for values not measured.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(forms, forKey: .forms)
        try container.encode(filledForms, forKey: .filledForms)
        try container.encode(pages, forKey: .pages)
        try container.encode(passes, forKey: .passes)
        try container.encode(source, forKey: .source)
        try container.encode(detection, forKey: .detection)
        try container.encode(overlayFill, forKey: .overlayFill)
        try container.encode(interactiveFill, forKey: .interactiveFill)
        try container.encode(qpdfGenerateAppearances, forKey: .qpdfGenerateAppearances)
        try container.encode(speedupVsQpdf, forKey: .speedupVsQpdf)
        try container.encode(overlaySizeRatio, forKey: .overlaySizeRatio)
        try container.encode(interactiveSizeRatio, forKey: .interactiveSizeRatio)
        try container.encode(failures, forKey: .failures)
        try container.encode(peakResidentMegabytes, forKey: .peakResidentMegabytes)
        try container.encode(loadAverageAtStart, forKey: .loadAverageAtStart)
        try container.encode(loadAverageAtEnd, forKey: .loadAverageAtEnd)
    }

    /// The report as a table for people.
    public var text: String {
        func ms(_ value: Double) -> String { String(format: "%7.1f", value) }
        func row(_ name: String, _ summary: LatencySummary) -> String {
            "\(name.padding(toLength: 44, withPad: " ", startingAt: 0)) \(String(format: "%5d", summary.count))"
                + "  \(ms(summary.p50Milliseconds))  \(ms(summary.p90Milliseconds))  \(ms(summary.meanMilliseconds))"
        }
        var lines = [
            "Forms: \(forms) PDFs (\(pages) pages) from \(source); \(filledForms) with AcroForm fields filled; "
                + "\(passes) pass(es)",
            "",
            "per page (ms)                                pages      p50      p90     mean",
        ]
        for kind in detection.keys.sorted() {
            if let summary = detection[kind] { lines.append(row("detect (\(kind))", summary)) }
        }
        lines.append(row("fill: overlay (flattened)", overlayFill))
        lines.append(row("fill: interactive", interactiveFill))
        if let qpdfGenerateAppearances {
            lines.append(row("qpdf --generate-appearances (process)", qpdfGenerateAppearances))
        }
        lines.append("")
        lines.append("overlay fill vs qpdf: " + (speedupVsQpdf.map { String(format: "%.2fx faster", $0) } ?? "not measured"))
        lines.append(String(
            format: "output size / input: overlay median %.2f (max %.2f), interactive median %.2f (max %.2f, ",
            overlaySizeRatio.median, overlaySizeRatio.maximum, interactiveSizeRatio.median,
            interactiveSizeRatio.maximum) + (interactiveSizeRatio.maximumFile ?? "-") + ")")
        lines.append("peak resident memory: " + (peakResidentMegabytes.map { String(format: "%.0f MB", $0) } ?? "n/a"))
        lines.append("load average: " + [loadAverageAtStart, loadAverageAtEnd].map { $0.map { String(format: "%.2f", $0) } ?? "n/a" }.joined(separator: " -> "))
        if !failures.isEmpty {
            lines.append("")
            lines.append("failures (\(failures.count)):")
            lines += failures.map { "  " + $0 }
        }
        return lines.joined(separator: "\n")
    }
}

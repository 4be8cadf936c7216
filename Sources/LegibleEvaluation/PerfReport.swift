import Foundation

/// What `ocrbench perf` measured: Legible's latency on one core, its throughput with pools of 1 to N engines,
/// the `tesseract` CLI on the same photos in the same run, and memory.
///
/// As JSON (``jsonData()``) it is one object; the keys `p50Milliseconds`, `p90Milliseconds` (Legible, one
/// engine, one photo at a time) and `speedupVsTesseractCLI` are always present (`null` when not measured).
public struct PerfReport: Sendable, Hashable, Codable, BenchmarkReport {
    /// Photos in the set, and how many times each was scanned per run.
    public var photos: Int
    public var passes: Int
    /// Where the photos came from (a folder).
    public var photoSource: String
    /// The preset asked of the scanner (`auto` lets it decide, as the HTTP API does without one).
    public var preset: String
    /// Whether scans were given the device type of each photo (from the manifest), as the apps send it.
    public var deviceHints: Bool
    /// Active processor cores, and the Tesseract library version.
    public var cores: Int
    public var tesseractVersion: String
    /// The machine's one-minute load average when the run started and when it ended (other processes
    /// competing for the cores make the parallel figures lower).
    public var loadAverageAtStart: Double?
    public var loadAverageAtEnd: Double?

    /// Legible on one engine, one photo at a time, from encoded bytes in memory to ranked candidates:
    /// median and 90th percentile per photo, in milliseconds.
    public var p50Milliseconds: Double
    public var p90Milliseconds: Double
    /// The same timings in full.
    public var latency: LatencySummary
    /// The same timings per preset (the manifest's preset when the folder has one, else the detected one).
    public var latencyByPreset: [String: LatencySummary]
    /// Mean time per scan in each stage (`decode`, `locate`, `recognize`, `rank`), in milliseconds, from the
    /// scanner's own timings of the one-engine run.
    public var stageMeanMilliseconds: [String: Double]
    /// Scans that threw (damaged or oversized photos); their time is still counted.
    public var failures: Int

    /// The plain `tesseract FILE stdout` on the same photos, one at a time, process start included; nil when
    /// the CLI was not run.
    public var tesseractCLI: LatencySummary?
    /// Median CLI time over median Legible time on the same photos (how many times faster Legible is).
    public var speedupVsTesseractCLI: Double?
    /// Environment the CLI ran with that changes its speed.
    public var tesseractCLIEnvironment: String?

    /// Legible's photos per second with pools of 1...N engines, all photos submitted at once.
    public var throughput: [PoolThroughput]
    /// The CLI's photos per second with 1...N processes at a time.
    public var tesseractCLIThroughput: [PoolThroughput]

    /// The process's peak resident memory (`VmHWM`) at the end of the run, in MB (10^6 bytes).
    public var peakResidentMegabytes: Double?
    /// What engines add to resident memory.
    public var recognizerMemory: RecognizerMemory

    /// Creates a report.
    public init(
        photos: Int, passes: Int, photoSource: String, preset: String, deviceHints: Bool = false, cores: Int,
        tesseractVersion: String, latency: LatencySummary, latencyByPreset: [String: LatencySummary], stageMeanMilliseconds: [String: Double],
        failures: Int,
        tesseractCLI: LatencySummary?, tesseractCLIEnvironment: String?, throughput: [PoolThroughput],
        tesseractCLIThroughput: [PoolThroughput], peakResidentMegabytes: Double?, recognizerMemory: RecognizerMemory,
        loadAverageAtStart: Double? = nil, loadAverageAtEnd: Double? = nil
    ) {
        self.loadAverageAtStart = loadAverageAtStart
        self.loadAverageAtEnd = loadAverageAtEnd
        self.photos = photos
        self.passes = passes
        self.photoSource = photoSource
        self.preset = preset
        self.deviceHints = deviceHints
        self.cores = cores
        self.tesseractVersion = tesseractVersion
        self.p50Milliseconds = latency.p50Milliseconds
        self.p90Milliseconds = latency.p90Milliseconds
        self.latency = latency
        self.latencyByPreset = latencyByPreset
        self.stageMeanMilliseconds = stageMeanMilliseconds
        self.failures = failures
        self.tesseractCLI = tesseractCLI
        self.speedupVsTesseractCLI = Self.speedup(cli: tesseractCLI, legible: latency)
        self.tesseractCLIEnvironment = tesseractCLIEnvironment
        self.throughput = PoolThroughput.withSpeedups(throughput)
        self.tesseractCLIThroughput = PoolThroughput.withSpeedups(tesseractCLIThroughput)
        self.peakResidentMegabytes = peakResidentMegabytes
        self.recognizerMemory = recognizerMemory
    }

    /// Median CLI time over median Legible time; nil without a CLI run or with a zero Legible median.
    static func speedup(cli: LatencySummary?, legible: LatencySummary) -> Double? {
        guard let cli, legible.p50Milliseconds > 0 else { return nil }
        return cli.p50Milliseconds / legible.p50Milliseconds
    }

    private enum CodingKeys: String, CodingKey {
        case photos, passes, photoSource, preset, deviceHints, cores, tesseractVersion, loadAverageAtStart, loadAverageAtEnd,
            p50Milliseconds, p90Milliseconds,
            latency, latencyByPreset, stageMeanMilliseconds, failures, tesseractCLI, speedupVsTesseractCLI, tesseractCLIEnvironment,
            throughput, tesseractCLIThroughput, peakResidentMegabytes, recognizerMemory
    }

    /// Encodes every key, optional ones as `null` when absent (so readers always find them).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(photos, forKey: .photos)
        try container.encode(passes, forKey: .passes)
        try container.encode(photoSource, forKey: .photoSource)
        try container.encode(preset, forKey: .preset)
        try container.encode(deviceHints, forKey: .deviceHints)
        try container.encode(cores, forKey: .cores)
        try container.encode(tesseractVersion, forKey: .tesseractVersion)
        try container.encode(loadAverageAtStart, forKey: .loadAverageAtStart)
        try container.encode(loadAverageAtEnd, forKey: .loadAverageAtEnd)
        try container.encode(p50Milliseconds, forKey: .p50Milliseconds)
        try container.encode(p90Milliseconds, forKey: .p90Milliseconds)
        try container.encode(latency, forKey: .latency)
        try container.encode(latencyByPreset, forKey: .latencyByPreset)
        try container.encode(stageMeanMilliseconds, forKey: .stageMeanMilliseconds)
        try container.encode(failures, forKey: .failures)
        try container.encode(tesseractCLI, forKey: .tesseractCLI)
        try container.encode(speedupVsTesseractCLI, forKey: .speedupVsTesseractCLI)
        try container.encode(tesseractCLIEnvironment, forKey: .tesseractCLIEnvironment)
        try container.encode(throughput, forKey: .throughput)
        try container.encode(tesseractCLIThroughput, forKey: .tesseractCLIThroughput)
        try container.encode(peakResidentMegabytes, forKey: .peakResidentMegabytes)
        try container.encode(recognizerMemory, forKey: .recognizerMemory)
    }

    /// The report as aligned text for a terminal.
    public var text: String {
        func ms(_ value: Double) -> String { String(format: "%9.1f", value) }
        func ratio(_ value: Double?) -> String { value.map { String(format: "%.2fx", $0) } ?? "-" }
        func busy(_ value: Double?) -> String { (value.map { String(format: "%.2f", $0) } ?? "-").leftPadded(12) }
        func mb(_ value: Double?) -> String { value.map { String(format: "%.1f MB", $0) } ?? "unknown" }
        var lines: [String] = []
        lines.append(
            "\(photos) photos x \(passes) pass(es) from \(photoSource); preset \(preset)"
                + (deviceHints ? " with device hints" : "") + "; \(cores) cores; "
                + "Tesseract \(tesseractVersion)")
        if let start = loadAverageAtStart, let end = loadAverageAtEnd {
            lines.append(
                String(format: "machine load average %.2f at start, %.2f at end", start, end)
                    + (max(start, end) > 0.5 ? " (other work shares the cores: compare ratios, not absolutes)" : ""))
        }
        lines.append("")
        lines.append("latency per photo, one at a time     p50 ms    p90 ms   mean ms")
        lines.append(
            "Legible, 1 engine                  " + ms(latency.p50Milliseconds) + " " + ms(latency.p90Milliseconds)
                + " " + ms(latency.meanMilliseconds))
        for (name, summary) in latencyByPreset.sorted(by: { $0.key < $1.key }) {
            lines.append(
                "  \(name) (\(summary.count))".padding(toLength: 35, withPad: " ", startingAt: 0)
                    + ms(summary.p50Milliseconds) + " " + ms(summary.p90Milliseconds) + " "
                    + ms(summary.meanMilliseconds))
        }
        if !stageMeanMilliseconds.isEmpty {
            let order = ["decode", "locate", "recognize", "rank"]
            lines.append(
                "  mean per stage: "
                    + order.compactMap { key in stageMeanMilliseconds[key].map { String(format: "\(key) %.1f ms", $0) } }
                    .joined(separator: ", "))
        }
        if let cli = tesseractCLI {
            lines.append(
                "tesseract CLI, 1 process           " + ms(cli.p50Milliseconds) + " " + ms(cli.p90Milliseconds) + " "
                    + ms(cli.meanMilliseconds))
            lines.append("speed-up vs tesseract CLI (CLI p50 / Legible p50): \(ratio(speedupVsTesseractCLI))")
        }
        if failures > 0 { lines.append("\(failures) scan(s) failed (their time is counted)") }
        lines.append("")
        lines.append(
            "throughput, all photos at once   Legible photos/s  vs 1 engine  cores busy   CLI photos/s  vs 1 process"
                + "  cores busy")
        for run in throughput {
            let cli = tesseractCLIThroughput.first { $0.poolSize == run.poolSize }
            lines.append(
                "  \(run.poolSize) engine(s) / process(es)".padding(toLength: 33, withPad: " ", startingAt: 0)
                    + String(format: "%16.2f", run.photosPerSecond)
                    + ratio(run.speedupVsOneEngine).leftPadded(13) + busy(run.coresBusy)
                    + (cli.map { String(format: "%15.2f", $0.photosPerSecond) } ?? "-".leftPadded(15))
                    + ratio(cli?.speedupVsOneEngine).leftPadded(14) + busy(cli?.coresBusy))
        }
        lines.append("")
        lines.append(
            "memory: first engine +\(mb(recognizerMemory.firstMegabytes)) resident (with one-time start-up), "
                + "each further engine +\(mb(recognizerMemory.eachFurtherMegabytes)) "
                + "(mean of \(recognizerMemory.furtherEngines)); peak resident \(mb(peakResidentMegabytes)) (VmHWM)")
        if tesseractCLI != nil, let environment = tesseractCLIEnvironment {
            lines.append("tesseract CLI ran with \(environment)")
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

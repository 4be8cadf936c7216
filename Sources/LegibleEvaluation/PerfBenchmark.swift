public import Foundation
import LegibleOCR
public import SerialScan
import Synchronization

/// The measurements behind `ocrbench perf`: Legible end to end on a folder of photos, beside the `tesseract`
/// CLI on the same photos in the same run.
///
/// In order: resident memory of engines (first, then each further one); Legible on one engine, one photo at a
/// time (latency); the CLI one photo at a time (latency); then throughput with pools of 1...N engines and
/// 1...N CLI processes at once. Photos are read into memory first, so Legible's times start from encoded
/// bytes (as a server has them); the CLI reads its files. Each stage warms up on the first photo untimed.
public struct PerfBenchmark: Sendable {
    /// Preset asked of the scanner.
    public var preset: SerialPreset
    /// Scanner options.
    public var options: SerialScanOptions
    /// Pool sizes (and CLI process counts) to measure throughput with.
    public var poolSizes: [Int]
    /// Times each photo is scanned in each stage.
    public var passes: Int
    /// The CLI baseline; nil to skip it.
    public var cli: TesseractCLIBaseline?

    /// Creates a run.
    ///
    /// - Parameter poolSizes: Default `1...cores`.
    public init(
        preset: SerialPreset = .auto, options: SerialScanOptions = SerialScanOptions(), poolSizes: [Int]? = nil,
        passes: Int = 1, cli: TesseractCLIBaseline? = TesseractCLIBaseline()
    ) {
        self.preset = preset
        self.options = options
        self.poolSizes = poolSizes ?? Array(1...max(1, ProcessInfo.processInfo.activeProcessorCount))
        self.passes = max(1, passes)
        self.cli = cli
    }

    /// Progress steps ``run(photos:presets:source:progress:)`` reports for `photoCount` photos.
    public func steps(photoCount: Int) -> Int {
        photoCount * passes * (1 + poolSizes.count) * (cli == nil ? 1 : 2)
    }

    /// Runs every stage.
    ///
    /// - Parameters:
    ///   - presets: The true preset per file name (from a manifest), to break latency down; when absent the
    ///     scanner's detected preset is used.
    ///   - deviceTypes: A device-type hint per file name, passed to every scan of that photo (as the apps
    ///     send one); photos without one are scanned without a hint.
    ///   - source: Where the photos came from, for the report.
    ///   - progress: Called after each scan or CLI run.
    /// - Throws: `OCRError` when an engine cannot start; errors reading the photos; an error when the CLI
    ///   cannot be started.
    public func run(
        photos: [URL], presets: [String: String] = [:], deviceTypes: [String: DeviceType] = [:], source: String,
        progress: @escaping @Sendable () -> Void = {}
    ) async throws -> PerfReport {
        let configuration = SerialScanner.recognizerConfiguration
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let loadAtStart = MachineLoad.oneMinute()

        // Memory first, before other work has grown the heap: one engine, then more kept alive together.
        let before = ProcessMemory.residentBytes
        var engines = [try Recognizer(configuration: configuration)]
        let afterFirst = ProcessMemory.residentBytes
        let further = max(2, poolSizes.max() ?? 1)
        for _ in 0..<further { engines.append(try Recognizer(configuration: configuration)) }
        let memory = RecognizerMemory(
            before: before, afterFirst: afterFirst, afterFurther: ProcessMemory.residentBytes, furtherEngines: further)
        engines.removeAll()

        let data = try photos.map { try Data(contentsOf: $0) }
        let names = photos.map(\.lastPathComponent)
        let hints = names.map { deviceTypes[$0] }
        let jobs = Array((0..<passes).flatMap { _ in data.indices })

        // Latency: one engine, one photo at a time.
        let single = SerialScanner(pool: try RecognizerPool(size: 1, configuration: configuration), options: options)
        _ = try? await single.scan(imageData: data[0], preset: preset, deviceType: hints[0])
        var milliseconds: [Double] = []
        var byPreset: [String: [Double]] = [:]
        var failures = 0
        var stages = StageTimes()
        let clock = ContinuousClock()
        for index in jobs {
            let start = clock.now
            let detected: String?
            do {
                let result = try await single.scan(imageData: data[index], preset: preset, deviceType: hints[index])
                detected = result.preset.rawValue
                stages.add(result.timings)
            } catch {
                detected = nil
                failures += 1
            }
            let elapsed = (clock.now - start).milliseconds
            milliseconds.append(elapsed)
            byPreset[presets[names[index]] ?? detected ?? "failed", default: []].append(elapsed)
            progress()
        }

        // The CLI, one photo at a time.
        var cliLatency: LatencySummary?
        if let cli {
            _ = try cli.predict(file: photos[0])
            var times: [Double] = []
            for index in jobs {
                times.append(try cli.predict(file: photos[index]).milliseconds)
                progress()
            }
            cliLatency = LatencySummary(milliseconds: times)
        }

        // Throughput: all photos submitted at once to a pool of k engines; k CLI processes at a time.
        var throughput: [PoolThroughput] = []
        var cliThroughput: [PoolThroughput] = []
        for size in poolSizes {
            let scanner = SerialScanner(
                pool: try RecognizerPool(size: size, configuration: configuration), options: options)
            let preset = preset
            await Self.scanAll(
                scanner, Array(repeating: (data[0], hints[0]), count: size), preset: preset, progress: {})
            let cpuBefore = ProcessCPUTime.now()
            let start = clock.now
            await Self.scanAll(scanner, jobs.map { (data[$0], hints[$0]) }, preset: preset, progress: progress)
            let seconds = (clock.now - start).milliseconds / 1000
            let cpuSeconds = ProcessCPUTime.now().flatMap { after in cpuBefore.map { after.ownSeconds - $0.ownSeconds } }
            throughput.append(PoolThroughput(poolSize: size, photos: jobs.count, seconds: seconds, cpuSeconds: cpuSeconds))

            if let cli {
                let files = jobs.map { photos[$0] }
                let cliBefore = ProcessCPUTime.now()
                let cliStart = clock.now
                await WorkerThreads.run(count: files.count, workers: size) { index in
                    _ = try? cli.predict(file: files[index])
                    progress()
                }
                let cliSeconds = (clock.now - cliStart).milliseconds / 1000
                let cliCPU = ProcessCPUTime.now().flatMap { after in
                    cliBefore.map { after.childrenSeconds - $0.childrenSeconds }
                }
                cliThroughput.append(
                    PoolThroughput(poolSize: size, photos: files.count, seconds: cliSeconds, cpuSeconds: cliCPU))
            }
        }

        let environment = ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"].map { "OMP_THREAD_LIMIT=\($0)" }
        return PerfReport(
            photos: photos.count, passes: passes, photoSource: source, preset: preset.rawValue,
            deviceHints: hints.contains { $0 != nil }, cores: cores,
            tesseractVersion: Recognizer.tesseractVersion, latency: LatencySummary(milliseconds: milliseconds),
            latencyByPreset: byPreset.mapValues { LatencySummary(milliseconds: $0) },
            stageMeanMilliseconds: stages.means, failures: failures,
            tesseractCLI: cliLatency, tesseractCLIEnvironment: environment ?? "OpenMP defaults",
            throughput: throughput, tesseractCLIThroughput: cliThroughput,
            peakResidentMegabytes: ProcessMemory.peakResidentBytes.map { Double($0) / 1e6 },
            recognizerMemory: memory, loadAverageAtStart: loadAtStart, loadAverageAtEnd: MachineLoad.oneMinute())
    }

    /// Scans every photo concurrently through the scanner's pool; returns when all are done.
    private static func scanAll(
        _ scanner: SerialScanner, _ photos: [(data: Data, deviceType: DeviceType?)], preset: SerialPreset,
        progress: @escaping @Sendable () -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            for photo in photos {
                group.addTask {
                    _ = try? await scanner.scan(imageData: photo.data, preset: preset, deviceType: photo.deviceType)
                    progress()
                }
            }
        }
    }

    /// Up to `limit` photos spread evenly over `photos` (all of them when `limit` is nil or not smaller).
    public static func sample(_ photos: [URL], limit: Int?) -> [URL] {
        guard let limit, limit > 0, limit < photos.count else { return photos }
        return (0..<limit).map { photos[$0 * photos.count / limit] }
    }

}

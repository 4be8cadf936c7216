public import Foundation
import LegibleOCR
public import Logging
public import SerialScan

/// The engines behind a pool of engine worker processes: every image decode and every PDF open, render, detect
/// and fill runs in a worker under memory, CPU-time and wall-clock limits (`EngineWorker`), so a hostile file
/// fails its own request instead of crashing or hanging the server.
///
/// Trade-off: the bytes cross a pipe, each worker holds its own recogniser and models (about 90 MB resident),
/// and a worker killed mid-request is replaced by one that starts in about 0.4 s. The library API
/// (`SerialScanner`, `FormFieldDetector`, ...) stays in-process for those who link it.
public struct IsolatedEngine: SerialReading, FieldDetecting, FormComposing {
    let pool: EngineWorkerPool
    private let lineReader: SerialScanOptions.LineReader

    /// Starts `workers` engine worker processes of `executable` (this build's `legible-server`).
    ///
    /// - Parameters:
    ///   - workers: processes in the pool, each serving one request at a time.
    ///   - executable: path of the `legible-server` binary to start with `--engine-worker`.
    ///   - limits: memory, CPU and wall-clock limits per worker and request.
    ///   - scanTimeLimit: longest a serial scan reads, in seconds (`SerialScanOptions.timeLimit`); nil for none.
    ///   - lineReader: what reads scans' lines.
    /// - Throws: when a worker cannot be started.
    public init(
        workers: Int, executable: String, limits: EngineWorkerLimits = EngineWorkerLimits(),
        scanTimeLimit: TimeInterval? = nil, lineReader: SerialScanOptions.LineReader = .legible,
        logger: Logger = Logger(label: "legible-server")
    ) throws {
        var arguments = ["--engine-worker", "--worker-memory", String(limits.memoryBytes), "--line-reader", lineReader.rawValue]
        if let scanTimeLimit { arguments += ["--scan-time-limit", String(scanTimeLimit)] }
        pool = try EngineWorkerPool(
            size: workers, executable: executable, arguments: arguments, limits: limits, logger: logger)
        self.lineReader = lineReader
    }

    /// The path of the running executable (`/proc/self/exe`), for starting workers of the same build.
    public static var currentExecutable: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }

    /// Reads serials in a worker; see `SerialReading`.
    public func readSerials(imageData: Data, preset: ScanPreset, deviceType: ScanDeviceType) async throws
        -> SerialReadout
    {
        let request = EngineWorkerRequest(operation: .readSerials, preset: preset, deviceType: deviceType)
        let (reply, _) = try await pool.perform(request, payload: imageData)
        guard let readout = reply.readout else { throw EngineWorkerFailure(message: "the worker sent no readout") }
        return readout
    }

    /// The worker pool as `/health` reports the recognisers: one per worker.
    public func engineStatus() async -> EngineStatus {
        EngineStatus(
            available: true, engineVersion: Recognizer.tesseractVersion, poolSize: pool.size,
            busyCount: await pool.busyCount, lineReader: lineReader.rawValue)
    }

    /// Opens the document in a worker and counts its pages; see `FieldDetecting`.
    public func inspect(documentData: Data, format: DocumentFormat) async throws -> DocumentInspection {
        let request = EngineWorkerRequest(operation: .inspect, mimeType: format.mimeType)
        let (reply, _) = try await pool.perform(request, payload: documentData)
        guard let pageCount = reply.pageCount else { throw EngineWorkerFailure(message: "the worker sent no page count") }
        return DocumentInspection(pageCount: pageCount)
    }

    /// Detects fields in a worker; see `FieldDetecting`.
    public func detectFields(documentData: Data, format: DocumentFormat) async throws -> DetectedLayout {
        let request = EngineWorkerRequest(operation: .detectFields, mimeType: format.mimeType)
        let (reply, _) = try await pool.perform(request, payload: documentData)
        guard let layout = reply.layout else { throw EngineWorkerFailure(message: "the worker sent no layout") }
        return layout
    }

    /// Composes the filled PDF in a worker; see `FormComposing`.
    public func compose(documentData: Data, format: DocumentFormat, layout: DetectedLayout, values: [FieldValueInput])
        async throws -> Data
    {
        let request = EngineWorkerRequest(
            operation: .compose, mimeType: format.mimeType, layout: layout, values: values)
        let (_, pdf) = try await pool.perform(request, payload: documentData)
        return pdf
    }

    /// Ends the worker processes.
    public func shutdown() async {
        await pool.shutdown()
    }
}

extension Engines {
    /// Every engine behind one pool of worker processes (`IsolatedEngine`).
    public static func isolated(_ engine: IsolatedEngine) -> Engines {
        Engines(serialReader: engine, fieldDetector: engine, formComposer: engine)
    }
}

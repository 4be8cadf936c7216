import Foundation
import Logging

/// Runs one claimed job against the engines and records how it ended.
struct JobProcessor: Sendable {
    let store: any StateStore
    let files: FileStore
    let engines: Engines
    let logger: Logger
    /// Where ended jobs are counted.
    var metrics = ServerMetrics()

    /// Runs `job` to a final state. Throws only `CancellationError`, after which the runner re-queues the job.
    func run(_ job: JobRecord) async throws {
        switch job.kind {
        case .scan: try await runScan(job)
        case .detect: try await runDetect(job)
        case .compose: try await runCompose(job)
        }
    }

    private func runScan(_ job: JobRecord) async throws {
        let imageURL = files.scanImage(jobID: job.id)
        let outcome: JobOutcome
        if try await store.isCancelRequested(jobID: job.id) {
            outcome = .cancelled("Cancelled")
        } else if let data = try? files.read(imageURL) {
            try await store.reportProgress(jobID: job.id, progress: 30, message: "Reading serial", now: Date())
            outcome = try await Self.outcome {
                let preset = job.preset.flatMap(ScanPreset.init(rawValue:)) ?? .auto
                let device = job.deviceType.flatMap(ScanDeviceType.init(rawValue:)) ?? .other
                let readout = try await engines.serialReader.readSerials(
                    imageData: data, preset: preset, deviceType: device)
                if try await store.isCancelRequested(jobID: job.id) { return .cancelled("Cancelled") }
                guard let results = ScanResults(readout: readout) else {
                    return .completed(result: nil, message: readout.noSerialMessage)
                }
                let json = String(decoding: try JSONEncoder().encode(results), as: UTF8.self)
                return .completed(result: json, message: readout.foundMessage(count: results.totalDetected))
            }
        } else {
            outcome = .failed("the uploaded image is missing from storage")
        }
        // A job taken over by another instance (this one's lease ran out) is that instance's now, photo included;
        // a cancelled or deleted job's photo goes with the janitor's next sweep.
        guard try await store.finishScan(jobID: job.id, claim: job.claimedBy, outcome: outcome, now: Date()) != nil
        else { return }
        files.remove(imageURL)
        report(job, outcome)
    }

    private func runDetect(_ job: JobRecord) async throws {
        var layout: DetectedLayout?
        let outcome: JobOutcome
        if let documentID = job.documentId, let document = try await store.document(id: documentID, owner: nil),
            let data = try? files.read(files.original(documentID: documentID))
        {
            outcome = try await Self.outcome {
                try await store.reportProgress(jobID: job.id, progress: 30, message: "Detecting fields", now: Date())
                let detected = try await engines.fieldDetector.detectFields(
                    documentData: data, format: DocumentFormat(mimeType: document.mimeType))
                layout = detected
                return .completed(result: nil, message: "Found \(detected.regions.count) field(s)")
            }
        } else {
            outcome = .failed("the document or its file is gone")
        }
        guard try await store.finishDetect(jobID: job.id, claim: job.claimedBy, layout: layout, outcome: outcome, now: Date())
        else { return }
        report(job, outcome)
    }

    private func runCompose(_ job: JobRecord) async throws {
        let outcome: JobOutcome
        if let documentID = job.documentId, let document = try await store.document(id: documentID, owner: nil),
            let layout = document.decodedLayout(), let data = try? files.read(files.original(documentID: documentID))
        {
            outcome = try await Self.outcome {
                try await store.reportProgress(jobID: job.id, progress: 30, message: "Composing", now: Date())
                let values = try await store.values(documentID: documentID).compactMap { record in
                    UUID(uuidString: record.fieldRegionId).map {
                        FieldValueInput(fieldRegionId: $0, value: record.value, source: record.source)
                    }
                }
                let pdf = try await engines.formComposer.compose(
                    documentData: data, format: DocumentFormat(mimeType: document.mimeType), layout: layout,
                    values: values)
                try files.write(pdf, to: files.filled(documentID: documentID))
                return .completed(result: nil, message: "Filled \(values.count) field(s)")
            }
        } else {
            outcome = .failed("the document, its fields or its file are gone")
        }
        guard try await store.finishCompose(jobID: job.id, claim: job.claimedBy, outcome: outcome, now: Date())
        else { return }
        report(job, outcome)
    }

    /// What a job's work ended in: its own outcome, or `.failed` with the error it threw. Cancellation of the
    /// running task is thrown on (the runner re-queues the job), whatever error the work threw because of it.
    private static func outcome(of work: () async throws -> JobOutcome) async throws -> JobOutcome {
        do {
            return try await work()
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            return .failed(String(describing: error))
        }
    }

    /// Counts the ended job in the metrics and logs it.
    private func report(_ job: JobRecord, _ outcome: JobOutcome) {
        let now = Date()
        let started = job.startedAt ?? now
        let status: JobStatus =
            switch outcome {
            case .completed: .completed
            case .failed: .failed
            case .cancelled: .cancelled
            }
        metrics.jobFinished(
            kind: job.kind, status: status, seconds: now.timeIntervalSince(started),
            waited: max(0, started.timeIntervalSince(job.createdAt)))
        if job.kind == .scan {
            let scanOutcome =
                switch outcome {
                case .completed(let result, _): result == nil ? "no_serial" : "serial"
                case .failed: "failed"
                case .cancelled: "cancelled"
                }
            metrics.scanFinished(route: "job", outcome: scanOutcome, seconds: now.timeIntervalSince(started))
        }
        var metadata: Logger.Metadata = ["job": "\(job.id)", "kind": "\(job.kind.rawValue)"]
        if let documentID = job.documentId { metadata["document"] = "\(documentID)" }
        switch outcome {
        case .completed: logger.info("job completed", metadata: metadata)
        case .cancelled: logger.info("job cancelled", metadata: metadata)
        case .failed(let message):
            metadata["error"] = "\(message)"
            logger.warning("job failed", metadata: metadata)
        }
    }
}

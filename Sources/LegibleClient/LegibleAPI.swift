public import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The calls the two iOS apps make to `legible-server`: read a serial from a photo, and detect, fill and
/// download a PDF form.
///
/// Every call throws ``LegibleClientError`` (the server's error, a network failure, an unexpected answer, a
/// failed job) or `CancellationError`. Answers of 429 and 503 are retried after the `Retry-After` the server
/// names (``LegibleClientConfiguration/maxRetries``), and polling waits for the next rate-limit window rather
/// than spend a request on a refusal. Every operation of the server's OpenAPI document is also at hand, typed,
/// through ``client``.
///
/// ```swift
/// let api = LegibleAPI(configuration: .init(baseURL: URL(string: "https://ocr.example.com")!, apiKey: key))
/// let answer = try await api.scanSerial(image: jpeg, deviceType: .macbook)
/// if let best = answer.best, best.confidence >= 0.9 { accept(best.serial) }
/// ```
public final class LegibleAPI: Sendable {
    /// The settings this client was made with.
    public let configuration: LegibleClientConfiguration
    /// The client generated from `openapi.yaml`: one typed method per operation, with this client's API key,
    /// retries and error mapping. It throws the generated client's `ClientError`, whose `underlyingError` is a
    /// ``LegibleClientError`` for every status of 400 or more and every network failure
    /// (``LegibleClientError/init(unwrapping:)`` takes it out).
    public let client: Client
    let window: RateLimitWindow

    /// A client for the server `configuration` names.
    public init(configuration: LegibleClientConfiguration) {
        self.configuration = configuration
        let window = RateLimitWindow()
        self.window = window
        self.client = Client(
            serverURL: configuration.baseURL,
            transport: URLSessionTransport(configuration: .init(session: configuration.session)),
            middlewares: [
                APIKeyMiddleware(apiKey: configuration.apiKey),
                ErrorEnvelopeMiddleware(),
                RetryMiddleware(
                    maxRetries: configuration.maxRetries, maxWait: configuration.maxRetryWait, window: window),
            ])
    }

    // MARK: Serial scans

    /// Reads the serial number in a photo: submits it as a scan job, polls until the job ends, and returns the
    /// serials read, most likely first.
    ///
    /// Polls back off from ``LegibleClientConfiguration/pollInterval`` to ``LegibleClientConfiguration/maxPollInterval``.
    /// Cancelling the calling task cancels the job on the server and throws `CancellationError`.
    /// - Parameters:
    ///   - image: The photo's bytes: JPEG, HEIC, PNG, TIFF, WebP, BMP, GIF or PNM (at most the server's upload
    ///     limit, 25 MiB by default).
    ///   - deviceType: The device photographed; its serial formats rank first.
    ///   - preset: What the photo shows, when the app knows; `auto` tells from the photo.
    ///   - progress: Told when the job is queued and each time its state or percentage changes.
    /// - Returns: The candidates, best first; none when no serial was read (``SerialScanAnswer/message`` says why).
    /// - Throws: ``LegibleClientError/api(_:)`` for a refused photo (400, 413, 415, 401, 429 past the retries),
    ///   ``LegibleClientError/jobFailed(jobID:message:)`` when the server could not process it (422-like
    ///   reasons: an undecodable or unsafe file), ``LegibleClientError/timedOut(jobID:seconds:)``, network
    ///   errors, `CancellationError`.
    public func scanSerial(
        image: Data, deviceType: DeviceType, preset: ScanPreset = .auto,
        progress: (@Sendable (ScanProgress) -> Void)? = nil
    ) async throws -> SerialScanAnswer {
        let submitted = try await submitScan(image: image, deviceType: deviceType, preset: preset)
        progress?(.submitted(jobID: submitted.jobID, estimatedTime: submitted.estimatedTime))
        return try await waitForScan(jobID: submitted.jobID, progress: progress)
    }

    /// Submits a photo as a scan job and returns at once: the job's id (to keep, and to wait on with
    /// ``waitForScan(jobID:progress:)``, perhaps after the app was suspended) and the server's estimate.
    /// - Throws: as ``scanSerial(image:deviceType:preset:progress:)`` does for a refused photo.
    public func submitScan(image: Data, deviceType: DeviceType, preset: ScanPreset = .auto) async throws
        -> (jobID: String, estimatedTime: String)
    {
        let parts: [Components.Schemas.ScanUpload] = [
            .image(.init(payload: .init(body: HTTPBody(image)), filename: "photo")),
            .deviceType(.init(payload: .init(body: HTTPBody(deviceType.rawValue)))),
            .preset(.init(payload: .init(body: HTTPBody(preset.rawValue)))),
        ]
        let output = try await call { try await self.client.submitScan(body: .multipartForm(MultipartBody(parts))) }
        guard case .accepted(let accepted) = output, case .json(let body) = accepted.body else {
            throw Self.unexpected(output)
        }
        return (body.jobId, body.estimatedTime)
    }

    /// Polls scan job `jobID` until it ends and returns its answer, as
    /// ``scanSerial(image:deviceType:preset:progress:)`` does after submitting; cancelling the calling task
    /// cancels the job on the server.
    /// - Throws: ``LegibleClientError/api(_:)`` with 404 when there is no such job for this key (or it expired),
    ///   and the errors of ``scanSerial(image:deviceType:preset:progress:)``.
    public func waitForScan(jobID: String, progress: (@Sendable (ScanProgress) -> Void)? = nil) async throws
        -> SerialScanAnswer
    {
        var lastSeen: (ScanStatus, Int)?
        do {
            let job = try await poll(jobID: jobID) {
                let job = try await self.scanJob(jobID)
                if lastSeen.map({ $0 != (job.status, job.progress) }) ?? true {
                    lastSeen = (job.status, job.progress)
                    progress?(.status(job.status, percent: job.progress))
                }
                return job.status == .pending || job.status == .processing ? nil : job
            }
            switch job.status {
            case .completed:
                let results = job.results
                return SerialScanAnswer(
                    jobID: jobID, candidates: results?.serials.map(ScannedSerial.init) ?? [], message: job.message,
                    rotation: results?.rotation?.rawValue ?? 0, processingTime: results?.processingTime ?? 0)
            case .cancelled:
                throw LegibleClientError.jobCancelled(jobID: jobID)
            default:
                throw LegibleClientError.jobFailed(jobID: jobID, message: job.error ?? job.message)
            }
        } catch is CancellationError {
            await cancelOnServer(jobID)
            throw CancellationError()
        } catch LegibleClientError.timedOut(let jobID, let seconds) {
            await cancelOnServer(jobID)
            throw LegibleClientError.timedOut(jobID: jobID, seconds: seconds)
        }
    }

    /// Cancels scan job `jobID` on the server: a pending job at once, a running one when its worker next checks.
    /// - Throws: ``LegibleClientError/api(_:)`` with 409 `CONFLICT` when the job has already ended, 404 when
    ///   there is no such job for this key.
    public func cancelScan(_ jobID: String) async throws {
        let output = try await call { try await self.client.cancelScanJob(path: .init(jobId: jobID)) }
        guard case .ok = output else { throw Self.unexpected(output) }
    }

    private func scanJob(_ jobID: String) async throws -> Components.Schemas.ScanJob {
        let output = try await call { try await self.client.scanJob(path: .init(jobId: jobID)) }
        guard case .ok(let ok) = output, case .json(let job) = ok.body else { throw Self.unexpected(output) }
        return job
    }

    /// Cancels a job from a task that may itself be cancelled: the request runs in a task of its own, and a
    /// job that has ended meanwhile (409) or is gone (404) is no error here.
    private func cancelOnServer(_ jobID: String) async {
        await Task.detached { try? await self.cancelScan(jobID) }.value
    }

    // MARK: Plumbing

    /// Polls `check` until it returns a value, waiting between calls with backoff and for the next rate-limit
    /// window when the last one is spent. Throws ``LegibleClientError/timedOut(jobID:seconds:)`` past
    /// ``LegibleClientConfiguration/jobTimeout``, and `CancellationError` when the task is cancelled.
    func poll<Value>(jobID: String, _ check: () async throws -> Value?) async throws -> Value {
        let started = Date()
        var interval = configuration.pollInterval
        while true {
            try await window.waitIfExhausted(maxWait: configuration.maxRetryWait)
            if let value = try await check() { return value }
            if Date().timeIntervalSince(started) > configuration.jobTimeout {
                throw LegibleClientError.timedOut(jobID: jobID, seconds: configuration.jobTimeout)
            }
            try await Task.sleep(nanoseconds: UInt64(interval * 1e9))
            interval = min(interval * 1.5, configuration.maxPollInterval)
        }
    }

    /// Runs a generated operation, unwrapping the generated client's `ClientError` into ``LegibleClientError``
    /// or `CancellationError`.
    func call<Output>(_ operation: () async throws -> Output) async throws -> Output {
        do {
            return try await operation()
        } catch let error as ClientError {
            if let inner = error.underlyingError as? LegibleClientError { throw inner }
            if error.underlyingError is CancellationError || Task.isCancelled { throw CancellationError() }
            throw LegibleClientError.unexpectedResponse(
                "\(error.operationID): \(error.causeDescription): \(error.underlyingError)")
        }
    }

    /// The error for a documented answer these calls do not expect (a status of 400 or more never gets here).
    static func unexpected(_ output: some Sendable) -> LegibleClientError {
        .unexpectedResponse("an answer the call does not expect: \(output)")
    }
}

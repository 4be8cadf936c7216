import Foundation
import Hummingbird
import LegibleImaging

/// Serial scans: `POST /scan`, `GET /result/{job_id}`, cancel, delete, `GET /jobs`, `POST /process-serial`.
struct ScanController {
    let state: ServerState

    var endpoints: RouteCollection<LegibleRequestContext> {
        let routes = RouteCollection(context: LegibleRequestContext.self)
        routes.post("scan", use: submit)
        routes.get("result/{job_id}", use: result)
        routes.post("result/{job_id}/cancel", use: cancel)
        routes.delete("result/{job_id}", use: delete)
        routes.get("jobs", use: list)
        routes.post("process-serial", use: processSerial)
        return routes
    }

    /// The validated fields of a scan upload.
    struct ScanUpload {
        var image: Data
        var deviceType: ScanDeviceType
        var preset: ScanPreset
    }

    func parseUpload(_ request: Request, context: LegibleRequestContext) async throws -> ScanUpload {
        let form = try await request.multipartForm(
            limit: state.configuration.maxUploadBytes, budget: state.uploads, context: context)
        guard let image = form.part("image") else { throw APIError.validation("missing multipart field \"image\"") }
        guard !image.body.isEmpty else { throw APIError.validation("\"image\" is empty (0 bytes)") }
        guard ImageFormat.sniff(image.body) != nil else {
            throw APIError.unsupportedMediaType(
                "\"image\" is not a supported image; send JPEG, PNG, TIFF, WebP, BMP, GIF or PNM")
        }
        guard let deviceText = form.part("device_type")?.text, !deviceText.isEmpty else {
            throw APIError.validation("missing multipart field \"device_type\"")
        }
        guard let deviceType = ScanDeviceType(rawValue: deviceText.lowercased()) else {
            throw APIError.validation(
                "device_type must be one of \(ScanDeviceType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var preset = ScanPreset.auto
        if let presetText = form.part("preset")?.text, !presetText.isEmpty {
            guard let parsed = ScanPreset(rawValue: presetText.lowercased()) else {
                throw APIError.validation(
                    "preset must be one of \(ScanPreset.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            preset = parsed
        }
        return ScanUpload(image: image.body, deviceType: deviceType, preset: preset)
    }

    @Sendable func submit(_ request: Request, context: LegibleRequestContext) async throws
        -> EditedResponse<ScanSubmitResponse>
    {
        let upload = try await parseUpload(request, context: context)
        try await state.refuseWhenQueueIsFull(owner: context.owner)
        let now = Date()
        let job = JobRecord.pending(
            kind: .scan, owner: context.owner, deviceType: upload.deviceType.rawValue,
            preset: upload.preset.rawValue, now: now, lifetime: state.configuration.scanJobLifetime)
        let imageURL = state.files.scanImage(jobID: job.id)
        try state.files.write(upload.image, to: imageURL)
        do {
            try await state.store.insert(job: job)
        } catch {
            state.files.remove(imageURL)
            throw error
        }
        await state.signal.notify()
        let depth = (try? await state.store.queueDepth()) ?? 0
        let estimate = ScanSubmitResponse.estimatedTime(queueDepth: depth, workers: state.configuration.workerCount)
        context.logger.info("scan queued", metadata: ["job": "\(job.id)", "bytes": "\(upload.image.count)"])
        return EditedResponse(
            status: .accepted,
            response: ScanSubmitResponse(
                jobId: job.id, status: "submitted", message: "Scan submitted; poll check_status_url for the result",
                estimatedTime: estimate, checkStatusUrl: "/result/\(job.id)"))
    }

    @Sendable func result(_ request: Request, context: LegibleRequestContext) async throws -> ScanJobResponse {
        let id = try uuidParameter(context, "job_id", what: "job_id")
        guard let job = try await state.store.job(id: id, owner: context.owner, kind: .scan) else {
            throw APIError.notFound("job \(id) not found")
        }
        return ScanJobResponse(job)
    }

    @Sendable func cancel(_ request: Request, context: LegibleRequestContext) async throws -> ScanJobResponse {
        let id = try uuidParameter(context, "job_id", what: "job_id")
        do {
            let job = try await state.store.cancelScanJob(id: id, owner: context.owner, now: Date())
            if job.status == .cancelled {
                state.files.remove(state.files.scanImage(jobID: id))
                await state.events.jobFinished(id)
            }
            return ScanJobResponse(job)
        } catch let error as StoreError {
            throw APIError.from(error, what: "job \(id)")
        }
    }

    @Sendable func delete(_ request: Request, context: LegibleRequestContext) async throws -> Response {
        let id = try uuidParameter(context, "job_id", what: "job_id")
        do {
            try await state.store.deleteScanJob(id: id, owner: context.owner)
        } catch let error as StoreError {
            throw APIError.from(error, what: "job \(id)")
        }
        state.files.remove(state.files.scanImage(jobID: id))
        return Response(status: .noContent)
    }

    @Sendable func list(_ request: Request, context: LegibleRequestContext) async throws -> ScanJobListResponse {
        var status: JobStatus?
        if let text = request.uri.queryParameters.get("status") {
            guard let parsed = JobStatus(rawValue: text) else {
                throw APIError.validation(
                    "status must be one of \(JobStatus.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            status = parsed
        }
        var limit = 50
        if let text = request.uri.queryParameters.get("limit") {
            guard let parsed = Int(text), (1...500).contains(parsed) else {
                throw APIError.validation("limit must be a whole number in 1...500")
            }
            limit = parsed
        }
        let jobs = try await state.store.scanJobs(owner: context.owner, status: status, limit: limit)
        return ScanJobListResponse(jobs: jobs.map(ScanJobResponse.init), total: jobs.count)
    }

    @Sendable func processSerial(_ request: Request, context: LegibleRequestContext) async throws -> ScanResults {
        let upload = try await parseUpload(request, context: context)
        guard state.syncScans.tryEnter() else {
            throw APIError.busy("server busy: \(state.syncScans.limit) scans in progress; retry shortly")
        }
        defer { state.syncScans.leave() }
        let readout: SerialReadout
        let started = Date()
        do {
            readout = try await state.engines.serialReader.readSerials(
                imageData: upload.image, preset: upload.preset, deviceType: upload.deviceType)
        } catch {
            state.metrics.scanFinished(route: "sync", outcome: "failed", seconds: nil)
            throw APIError.from(engine: error)
        }
        let results = ScanResults(readout: readout)
        state.metrics.scanFinished(
            route: "sync", outcome: results == nil ? "no_serial" : "serial", seconds: Date().timeIntervalSince(started))
        guard let results else { throw APIError.noSerialFound(readout.noSerialMessage) }
        return results
    }
}

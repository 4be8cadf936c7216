import Crypto
import Foundation
import Hummingbird
import LegibleImaging

/// Documents under `/api/v1/documents`: upload, process, detail, values, compose, download, delete.
struct DocumentController {
    let state: ServerState

    var endpoints: RouteCollection<LegibleRequestContext> {
        let routes = RouteCollection(context: LegibleRequestContext.self)
        routes.post("init-upload", use: upload)
        routes.get("{id}", use: detail)
        routes.delete("{id}", use: delete)
        routes.post("{id}/process", use: process)
        routes.post("{id}/values", use: values)
        routes.post("{id}/compose", use: compose)
        routes.get("{id}/download", use: download)
        return routes
    }

    /// What the bytes are: a PDF (by its `%PDF-` header) or a decodable image format; nil otherwise.
    static func sniff(_ bytes: Data) -> DocumentFormat? {
        let head = bytes.prefix(1024)
        if let marker = head.firstRange(of: Data("%PDF-".utf8)), marker.lowerBound - head.startIndex <= 1017 {
            return .pdf
        }
        if let image = ImageFormat.sniff(bytes) { return .image(mimeType: image.mimeType) }
        return nil
    }

    /// A safe display name: last path component, no control characters, at most 200 characters.
    static func cleanFileName(_ name: String?, format: DocumentFormat) -> String {
        let fallback = format == .pdf ? "document.pdf" : "image"
        guard let name else { return fallback }
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let cleaned = String(last.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }.prefix(200))
            .trimmingCharacters(in: .whitespaces)
        return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? fallback : cleaned
    }

    @Sendable func upload(_ request: Request, context: LegibleRequestContext) async throws
        -> EditedResponse<UploadResponse>
    {
        let form = try await request.multipartForm(
            limit: state.configuration.maxUploadBytes, budget: state.uploads, context: context)
        guard let file = form.part("file") else { throw APIError.validation("missing multipart field \"file\"") }
        guard !file.body.isEmpty else { throw APIError.validation("\"file\" is empty (0 bytes)") }
        guard let format = Self.sniff(file.body) else {
            throw APIError.unsupportedMediaType("\"file\" must be a PDF or an image (JPEG, PNG, TIFF, WebP, BMP, GIF)")
        }
        let pageCount: Int
        do {
            pageCount = try await state.engines.fieldDetector.inspect(documentData: file.body, format: format).pageCount
        } catch EngineError.unavailable {
            pageCount = format == .pdf ? 0 : 1
        } catch let error as EngineError {
            throw APIError.unprocessable(error.description)
        } catch {
            throw APIError.unprocessable("cannot open the document: \(error)")
        }
        let now = Date()
        let digest = SHA256.hash(data: file.body).map { String(format: "%02x", $0) }.joined()
        let document = DocumentRecord(
            id: UUID.systemRandom().uuidString.lowercased(), owner: context.owner,
            fileName: Self.cleanFileName(file.fileName, format: format), mimeType: format.mimeType, status: .imported,
            pageCount: pageCount, sha256: digest, byteCount: file.body.count, layout: nil, error: nil, createdAt: now,
            updatedAt: now, expiresAt: now.addingTimeInterval(state.configuration.documentLifetime))
        let original = state.files.original(documentID: document.id)
        try state.files.write(file.body, to: original)
        do {
            try await state.store.insert(document: document)
        } catch {
            state.files.remove(state.files.documentFolder(document.id))
            throw error
        }
        context.logger.info("document uploaded", metadata: ["document": "\(document.id)", "bytes": "\(file.body.count)"])
        return EditedResponse(status: .created, response: UploadResponse(documentId: document.id))
    }

    private func owned(_ context: LegibleRequestContext) async throws -> DocumentRecord {
        let id = try uuidParameter(context, "id", what: "document id")
        guard let document = try await state.store.document(id: id, owner: context.owner) else {
            throw APIError.notFound("document \(id) not found")
        }
        return document
    }

    @Sendable func detail(_ request: Request, context: LegibleRequestContext) async throws -> DocumentDetailResponse {
        DocumentDetailResponse(try await owned(context))
    }

    @Sendable func delete(_ request: Request, context: LegibleRequestContext) async throws -> Response {
        let id = try uuidParameter(context, "id", what: "document id")
        do {
            try await state.store.deleteDocument(id: id, owner: context.owner)
        } catch let error as StoreError {
            throw APIError.from(error, what: "document \(id)")
        }
        state.files.remove(state.files.documentFolder(id))
        return Response(status: .noContent)
    }

    @Sendable func process(_ request: Request, context: LegibleRequestContext) async throws
        -> EditedResponse<DocumentJobResponse>
    {
        try await startJob(.detect, context: context)
    }

    @Sendable func values(_ request: Request, context: LegibleRequestContext) async throws -> ValuesResponse {
        let id = try uuidParameter(context, "id", what: "document id")
        let inputs = try ValuesRequest.inputs(
            fromJSON: try await request.collectBody(limit: 4 * 1024 * 1024, budget: state.uploads, context: context))
        do {
            let stored = try await state.store.saveValues(documentID: id, owner: context.owner, values: inputs, now: Date())
            return ValuesResponse(
                documentId: id,
                values: stored.map {
                    .init(fieldRegionId: $0.fieldRegionId, value: $0.value, source: $0.source.rawValue, updatedAt: $0.updatedAt)
                })
        } catch let error as StoreError {
            throw APIError.from(error, what: "document \(id)")
        }
    }

    @Sendable func compose(_ request: Request, context: LegibleRequestContext) async throws
        -> EditedResponse<DocumentJobResponse>
    {
        try await startJob(.compose, context: context)
    }

    /// Queues a detection or compose job for the document named in the path and answers 202 with it; the
    /// store refuses a document in the wrong state (409) or not the caller's (404).
    private func startJob(_ kind: JobKind, context: LegibleRequestContext) async throws
        -> EditedResponse<DocumentJobResponse>
    {
        let id = try uuidParameter(context, "id", what: "document id")
        try await state.refuseWhenQueueIsFull(owner: context.owner)
        let now = Date()
        let job = JobRecord.pending(
            kind: kind, owner: context.owner, documentId: id, now: now,
            lifetime: state.configuration.documentLifetime)
        do {
            let document = try await state.store.startDocumentJob(
                documentID: id, owner: context.owner, job: job, now: now)
            await state.signal.notify()
            return EditedResponse(
                status: .accepted,
                response: DocumentJobResponse(documentId: id, status: document.status.rawValue, jobId: job.id))
        } catch let error as StoreError {
            throw APIError.from(error, what: "document \(id)")
        }
    }

    @Sendable func download(_ request: Request, context: LegibleRequestContext) async throws -> DownloadResponse {
        var expiresIn = 3600
        if let text = request.uri.queryParameters.get("expiresIn") {
            guard let parsed = Int(text), (60...86400).contains(parsed) else {
                throw APIError.validation("expiresIn must be a whole number of seconds in 60...86400")
            }
            expiresIn = parsed
        }
        let document = try await owned(context)
        guard document.status == .filled, state.files.exists(state.files.filled(documentID: document.id)) else {
            throw APIError.conflict("document is \(document.status.rawValue); compose it before downloading")
        }
        let expires = Int(Date().timeIntervalSince1970) + expiresIn
        let path = FileController.filledPath(documentID: document.id)
        return DownloadResponse(
            filledPdfUrl: try state.absoluteURL(state.signer.signedPath(path, expires: expires), host: request.head.authority))
    }
}

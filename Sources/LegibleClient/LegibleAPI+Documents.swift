public import Foundation
import OpenAPIRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension LegibleAPI {
    /// Uploads a PDF (or a photo of a page), has its fields detected, and returns them once the document is
    /// `ready`.
    ///
    /// Cancelling the calling task stops the upload or the polling; detection, once started, finishes on the
    /// server (the document stays until deleted or expired).
    /// - Parameters:
    ///   - fileURL: A local PDF, or a JPEG, PNG, TIFF, WebP, BMP or GIF (at most the server's upload limit).
    ///   - progress: Told as the file's bytes are handed to the network (see ``UploadProgress``).
    /// - Throws: ``LegibleClientError/api(_:)`` for a refused file (413 too large, 415 not a PDF or image, 422
    ///   encrypted or damaged), ``LegibleClientError/jobFailed(jobID:message:)`` when detection failed,
    ///   ``LegibleClientError/timedOut(jobID:seconds:)``, network errors, `CancellationError`, and the file
    ///   system's error when `fileURL` cannot be read.
    public func processDocument(fileURL: URL, progress: (@Sendable (UploadProgress) -> Void)? = nil) async throws
        -> DocumentFields
    {
        let documentID = try await uploadDocument(fileURL: fileURL, progress: progress)
        let output = try await call { try await self.client.processDocument(path: .init(id: documentID)) }
        guard case .accepted = output else { throw Self.unexpected(output) }
        let fields = try await poll(jobID: documentID) {
            let fields = try await self.fields(of: documentID)
            return fields.document.status == .processing || fields.document.status == .imported ? nil : fields
        }
        guard fields.document.status == .ready else {
            throw LegibleClientError.jobFailed(
                jobID: documentID, message: fields.document.error ?? "detection ended \(fields.document.status)")
        }
        return fields
    }

    /// Uploads a file as a new document and returns its id; its fields are not detected yet (see
    /// ``processDocument(fileURL:progress:)``).
    public func uploadDocument(fileURL: URL, progress: (@Sendable (UploadProgress) -> Void)? = nil) async throws
        -> String
    {
        let chunks = try FileChunks(url: fileURL, progress: progress)
        let body = HTTPBody(chunks, length: .known(chunks.totalBytes), iterationBehavior: .multiple)
        let parts: [Operations.UploadDocument.Input.Body.MultipartFormPayload] = [
            .file(.init(payload: .init(body: body), filename: fileURL.lastPathComponent))
        ]
        let output = try await call { try await self.client.uploadDocument(body: .multipartForm(MultipartBody(parts))) }
        guard case .created(let created) = output, case .json(let uploaded) = created.body else {
            throw Self.unexpected(output)
        }
        return uploaded.documentId
    }

    /// The document and its fields as the server has them now.
    /// - Throws: ``LegibleClientError/api(_:)`` with 404 when there is no such document for this key.
    public func fields(of documentID: String) async throws -> DocumentFields {
        let output = try await call { try await self.client.document(path: .init(id: documentID)) }
        guard case .ok(let ok) = output, case .json(let detail) = ok.body else { throw Self.unexpected(output) }
        return DocumentFields(detail)
    }

    /// Stores values for a document's fields, all or none, and returns every value the document now holds.
    ///
    /// New values on a `filled` document move it back to `ready`; ``compose(_:)`` again to fill them in.
    /// - Throws: ``LegibleClientError/api(_:)`` with 400 when a field id is unknown or a value is longer than
    ///   10,000 characters (nothing is stored), 409 before the fields are detected or while filling.
    @discardableResult
    public func setValues(_ values: [FieldValue], for documentID: String) async throws -> [StoredFieldValue] {
        let items = values.map {
            Components.Schemas.ValuesRequest.ValuesPayloadPayload(
                fieldRegionId: $0.fieldID, value: $0.value, source: $0.source)
        }
        let output = try await call {
            try await self.client.setValues(path: .init(id: documentID), body: .json(.init(values: items)))
        }
        guard case .ok(let ok) = output, case .json(let stored) = ok.body else { throw Self.unexpected(output) }
        return stored.values.map {
            StoredFieldValue(fieldID: $0.fieldRegionId, value: $0.value, source: $0.source, updatedAt: $0.updatedAt)
        }
    }

    /// Composes the filled PDF from the stored values and waits until the document is `filled`.
    /// - Throws: ``LegibleClientError/api(_:)`` with 409 when the document is not ready (fields not detected) or
    ///   another compose is running, ``LegibleClientError/jobFailed(jobID:message:)`` when composing failed.
    @discardableResult
    public func compose(_ documentID: String) async throws -> DocumentInfo {
        let output = try await call { try await self.client.composeDocument(path: .init(id: documentID)) }
        guard case .accepted = output else { throw Self.unexpected(output) }
        let document = try await poll(jobID: documentID) {
            let document = try await self.fields(of: documentID).document
            return document.status == .filling ? nil : document
        }
        guard document.status == .filled else {
            throw LegibleClientError.jobFailed(
                jobID: documentID, message: document.error ?? "composing ended \(document.status)")
        }
        return document
    }

    /// A signed link to the filled PDF, good for `expiresIn` seconds (60...86,400) and usable without the API
    /// key (to hand to a share sheet or a browser).
    /// - Throws: ``LegibleClientError/api(_:)`` with 409 before the document is filled.
    public func filledPDFLink(_ documentID: String, expiresIn: Int = 3600) async throws -> URL {
        let output = try await call {
            try await self.client.downloadLink(path: .init(id: documentID), query: .init(expiresIn: expiresIn))
        }
        guard case .ok(let ok) = output, case .json(let link) = ok.body, let url = URL(string: link.filledPdfUrl)
        else { throw Self.unexpected(output) }
        return url
    }

    /// Downloads the filled PDF to `destination` (replaced if it exists) and returns it.
    ///
    /// Asks for a fresh link and fetches it; when the link is refused as expired (403, as after a long stall
    /// between the two requests), asks for another once.
    /// - Throws: ``LegibleClientError/api(_:)`` with 409 before the document is filled, network errors, and the
    ///   file system's error when `destination` cannot be written.
    @discardableResult
    public func downloadFilledPDF(_ documentID: String, to destination: URL) async throws -> URL {
        do {
            try await download(link: try await filledPDFLink(documentID), to: destination)
        } catch LegibleClientError.api(let error) where error.code == .forbidden {
            try await download(link: try await filledPDFLink(documentID), to: destination)
        }
        return destination
    }

    /// Fetches a signed link from ``filledPDFLink(_:expiresIn:)`` to `destination` (replaced if it exists).
    /// - Throws: ``LegibleClientError/api(_:)`` with 403 `FORBIDDEN` when the link is expired or tampered
    ///   with, 404 when the document is gone; network errors; the file system's error.
    public func download(link: URL, to destination: URL) async throws {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await configuration.session.data(from: link)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw LegibleClientError.network("GET \(link.path): \(error)")
        }
        guard let http = response as? HTTPURLResponse else {
            throw LegibleClientError.unexpectedResponse("GET \(link.path): not an HTTP answer")
        }
        guard http.statusCode == 200 else {
            let error = ServerError(
                envelope: data, statusCode: http.statusCode, retryAfter: http.value(forHTTPHeaderField: "Retry-After"))
            throw error.map(LegibleClientError.api)
                ?? .unexpectedResponse("\(http.statusCode) to GET \(link.path) without the error envelope")
        }
        try data.write(to: destination, options: .atomic)
    }

    /// Deletes a document and its files on the server.
    /// - Throws: ``LegibleClientError/api(_:)`` with 404 when there is no such document for this key.
    public func deleteDocument(_ documentID: String) async throws {
        let output = try await call { try await self.client.deleteDocument(path: .init(id: documentID)) }
        guard case .noContent = output else { throw Self.unexpected(output) }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LegibleServer

@Suite("Document routes", .timeLimit(.minutes(2)))
struct DocumentRouteTests {
    static let nameID = StubFieldDetector.nameID.uuidString.lowercased()
    static let dateID = StubFieldDetector.dateID.uuidString.lowercased()

    @Test func fullFlowUploadProcessValuesComposeDownload() async throws {
        try await withServer { server, client in
            let upload = try await uploadDocument(client)
            #expect(upload.status == .created)
            let id = try decode(UploadResponse.self, upload).documentId

            let imported = try decode(DocumentDetailResponse.self, try await client.execute(uri: "/api/v1/documents/\(id)", method: .get))
            #expect(imported.document.status == "imported")
            #expect(imported.document.mimeType == "application/pdf")
            #expect(imported.document.fileName == "form.pdf")
            #expect(imported.document.pageCount == 1)
            #expect(imported.components.isEmpty)

            let process = try await client.execute(uri: "/api/v1/documents/\(id)/process", method: .post)
            #expect(process.status == .accepted)
            let processJob = try decode(DocumentJobResponse.self, process)
            #expect(processJob.status == "processing")
            await server.events.waitUntilFinished(processJob.jobId)

            let detailResponse = try await client.execute(uri: "/api/v1/documents/\(id)", method: .get)
            let detail = try decode(DocumentDetailResponse.self, detailResponse)
            #expect(detail.document.status == "ready")
            #expect(detail.components.count == 3)
            #expect(detail.components.map(\.type) == ["text", "date", "checkbox"])
            #expect(detail.components[1].placeholder == "MM/DD/YYYY")
            #expect(detail.fieldMap[Self.nameID]?.label == "Name")
            #expect(detail.fieldMap[Self.nameID]?.x == 72)
            // Exact wire keys.
            let object = try JSONSerialization.jsonObject(with: Data(buffer: detailResponse.body)) as? [String: Any]
            #expect(Set((object ?? [:]).keys) == ["document", "components", "fieldMap"])
            let document = object?["document"] as? [String: Any]
            #expect(Set((document ?? [:]).keys).isSuperset(of: [
                "id", "fileName", "mimeType", "status", "pageCount", "createdAt", "updatedAt",
            ]))
            let component = (object?["components"] as? [[String: Any]])?.first
            #expect(Set((component ?? [:]).keys) == ["id", "fieldId", "type", "label", "placeholder", "pageIndex"])
            let region = (object?["fieldMap"] as? [String: [String: Any]])?[Self.nameID]
            #expect(Set((region ?? [:]).keys) == [
                "id", "pageIndex", "x", "y", "width", "height", "fieldType", "label", "confidence",
            ])

            let values = try await client.execute(
                uri: "/api/v1/documents/\(id)/values", method: .post, headers: jsonHeaders(),
                body: ByteBuffer(string: """
                    {"values": [{"fieldRegionId": "\(Self.nameID.uppercased())", "value": "Ada Lovelace", "source": "manual"},
                                {"fieldRegionId": "\(Self.dateID)", "value": "12/10/1815", "source": "autofill"}]}
                    """))
            #expect(values.status == .ok)
            #expect(try decode(ValuesResponse.self, values).values.count == 2)

            let compose = try await client.execute(uri: "/api/v1/documents/\(id)/compose", method: .post)
            #expect(compose.status == .accepted)
            let composeJob = try decode(DocumentJobResponse.self, compose)
            #expect(composeJob.status == "filling")
            await server.events.waitUntilFinished(composeJob.jobId)
            let filled = try decode(DocumentDetailResponse.self, try await client.execute(uri: "/api/v1/documents/\(id)", method: .get))
            #expect(filled.document.status == "filled")

            // The router test client sends the authority "localhost".
            let download = try await client.execute(uri: "/api/v1/documents/\(id)/download?expiresIn=600", method: .get)
            #expect(download.status == .ok)
            let link = try decode(DownloadResponse.self, download).filledPdfUrl
            #expect(link.hasPrefix("http://localhost/files/documents/\(id)/filled.pdf?expires="))
            let path = pathOf(link)
            let pdf = try await client.execute(uri: path, method: .get)
            #expect(pdf.status == .ok)
            #expect(pdf.headers[.contentType] == "application/pdf")
            let text = String(decoding: Data(buffer: pdf.body), as: UTF8.self)
            #expect(text.hasPrefix("%PDF-"))
            #expect(text.contains("Ada Lovelace"))
            #expect(text.contains("12/10/1815"))
        }
    }

    @Test func imagesBecomeOnePageDocuments() async throws {
        let image = try fixture("formats/sample.png")
        try await withServer { _, client in
            let response = try await client.execute(
                uri: "/api/v1/documents/init-upload", method: .post, headers: multipartHeaders(),
                body: multipartBody([.file("file", image, fileName: "../../etc/scan.png", contentType: "application/pdf")]))
            #expect(response.status == .created)
            let id = try decode(UploadResponse.self, response).documentId
            let detail = try decode(DocumentDetailResponse.self, try await client.execute(uri: "/api/v1/documents/\(id)", method: .get))
            #expect(detail.document.mimeType == "image/png")
            #expect(detail.document.pageCount == 1)
            #expect(detail.document.fileName == "scan.png")
        }
    }

    @Test func uploadRejectsWrongTypesAndDamagedDocuments() async throws {
        try await withServer { _, client in
            let text = try await client.execute(
                uri: "/api/v1/documents/init-upload", method: .post, headers: multipartHeaders(),
                body: multipartBody([.file("file", Data("just text".utf8), contentType: "application/pdf")]))
            try expectError(text, .unsupportedMediaType, "UNSUPPORTED_MEDIA_TYPE")
            let empty = try await client.execute(
                uri: "/api/v1/documents/init-upload", method: .post, headers: multipartHeaders(),
                body: multipartBody([.file("file", Data())]))
            try expectError(empty, .badRequest, "VALIDATION_ERROR")
            let missing = try await client.execute(
                uri: "/api/v1/documents/init-upload", method: .post, headers: multipartHeaders(),
                body: multipartBody([.field("other", "x")]))
            try expectError(missing, .badRequest, "VALIDATION_ERROR")
            var encrypted = samplePDF
            encrypted.append(Data("\ntrailer << /Encrypt 5 0 R >>".utf8))
            try expectError(try await uploadDocument(client, encrypted), .unprocessableContent, "UNPROCESSABLE_ENTITY")
            let json = try await client.execute(
                uri: "/api/v1/documents/init-upload", method: .post, headers: jsonHeaders(),
                body: ByteBuffer(string: "{}"))
            try expectError(json, .unsupportedMediaType, "UNSUPPORTED_MEDIA_TYPE")
        }
    }

    @Test func failedDetectionMarksDocumentFailed() async throws {
        try await withServer(engines: .stubs(detector: StubFieldDetector(fails: true))) { server, client in
            let id = try await readyDocument(server, client)
            let detail = try decode(DocumentDetailResponse.self, try await client.execute(uri: "/api/v1/documents/\(id)", method: .get))
            #expect(detail.document.status == "failed")
            #expect(detail.document.error == "page 1 could not be rendered")
            try expectError(try await client.execute(uri: "/api/v1/documents/\(id)/compose", method: .post), .conflict, "CONFLICT")
        }
    }

    @Test func composeAndValuesBeforeProcessAreConflicts() async throws {
        try await withServer { _, client in
            let id = try decode(UploadResponse.self, try await uploadDocument(client)).documentId
            try expectError(try await client.execute(uri: "/api/v1/documents/\(id)/compose", method: .post), .conflict, "CONFLICT")
            let values = try await client.execute(
                uri: "/api/v1/documents/\(id)/values", method: .post, headers: jsonHeaders(),
                body: ByteBuffer(string: #"{"values": [{"fieldRegionId": "\#(Self.nameID)", "value": "x"}]}"#))
            try expectError(values, .conflict, "CONFLICT")
            try expectError(
                try await client.execute(uri: "/api/v1/documents/\(id)/download", method: .get), .conflict, "CONFLICT")
        }
    }

    @Test func valuesValidation() async throws {
        try await withServer { server, client in
            let id = try await readyDocument(server, client)
            let cases: [(String, String)] = [
                ("not json", "VALIDATION_ERROR"),
                ("", "VALIDATION_ERROR"),
                (#"{"values": "nope"}"#, "VALIDATION_ERROR"),
                (#"{"nothing": []}"#, "VALIDATION_ERROR"),
                (#"{"values": [{"fieldRegionId": "zzz", "value": "x"}]}"#, "VALIDATION_ERROR"),
                (#"{"values": [{"fieldRegionId": "\#(UUID().uuidString)", "value": "x"}]}"#, "VALIDATION_ERROR"),
                (#"{"values": [{"fieldRegionId": "\#(Self.nameID)", "value": "x", "source": "psychic"}]}"#, "VALIDATION_ERROR"),
                (#"{"values": [{"fieldRegionId": "\#(Self.nameID)", "value": 42}]}"#, "VALIDATION_ERROR"),
                (#"{"values": [{"fieldRegionId": "\#(Self.nameID)", "value": "\#(String(repeating: "a", count: 10_001))"}]}"#,
                 "VALIDATION_ERROR"),
            ]
            for (body, code) in cases {
                let response = try await client.execute(
                    uri: "/api/v1/documents/\(id)/values", method: .post, headers: jsonHeaders(), body: ByteBuffer(string: body))
                try expectError(response, .badRequest, code)
            }
            // An unknown region rejects the whole request: the known value next to it is not stored.
            let mixed = try await client.execute(
                uri: "/api/v1/documents/\(id)/values", method: .post, headers: jsonHeaders(),
                body: ByteBuffer(string: """
                    {"values": [{"fieldRegionId": "\(Self.nameID)", "value": "kept?"},
                                {"fieldRegionId": "\(UUID().uuidString)", "value": "x"}]}
                    """))
            try expectError(mixed, .badRequest, "VALIDATION_ERROR")
            #expect(try await server.store.values(documentID: id).isEmpty)
        }
    }

    @Test func unknownAndMalformedDocumentIDs() async throws {
        try await withServer { _, client in
            let unknown = UUID().uuidString
            for (path, method) in [
                ("", HTTPRequest.Method.get), ("/process", .post), ("/compose", .post), ("/download", .get), ("", .delete),
            ] {
                try expectError(
                    try await client.execute(uri: "/api/v1/documents/\(unknown)\(path)", method: method), .notFound, "NOT_FOUND")
                try expectError(
                    try await client.execute(uri: "/api/v1/documents/12345\(path)", method: method), .badRequest,
                    "VALIDATION_ERROR")
            }
            let values = try await client.execute(
                uri: "/api/v1/documents/\(unknown)/values", method: .post, headers: jsonHeaders(),
                body: ByteBuffer(string: #"{"values": []}"#))
            try expectError(values, .notFound, "NOT_FOUND")
        }
    }

    @Test func concurrentComposeOfOneDocumentHasOneWinner() async throws {
        try await withServer { server, client in
            let id = try await readyDocument(server, client)
            _ = try await client.execute(
                uri: "/api/v1/documents/\(id)/values", method: .post, headers: jsonHeaders(),
                body: ByteBuffer(string: #"{"values": [{"fieldRegionId": "\#(Self.nameID)", "value": "Grace"}]}"#))
            let responses = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await client.execute(uri: "/api/v1/documents/\(id)/compose", method: .post) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let accepted = responses.filter { $0.status == .accepted }
            let conflicts = responses.filter { $0.status == .conflict }
            // Compose may finish between requests, letting a later one start again; never two at once.
            #expect(accepted.count >= 1)
            #expect(accepted.count + conflicts.count == 8)
            for response in conflicts { try expectError(response, .conflict, "CONFLICT") }
            for response in accepted {
                await server.events.waitUntilFinished(try decode(DocumentJobResponse.self, response).jobId)
            }
            let detail = try decode(DocumentDetailResponse.self, try await client.execute(uri: "/api/v1/documents/\(id)", method: .get))
            #expect(detail.document.status == "filled")
            let pdf = try server.files.read(server.files.filled(documentID: id))
            #expect(String(decoding: pdf, as: UTF8.self) == "%PDF-1.7\n% stub\n\(Self.nameID)=Grace\n%%EOF\n")
        }
    }

    @Test func composeWhileFillingIsRefusedAtTheStore() async throws {
        // The store's conditional transition: only one of two starts wins while the first job is still queued.
        let store = try await makeTestStore()
        let now = Date()
        let layout = String(decoding: try JSONEncoder().encode(
            try await StubFieldDetector().detectFields(documentData: samplePDF, format: .pdf)), as: UTF8.self)
        let document = DocumentRecord(
            id: UUID().uuidString.lowercased(), owner: "o", fileName: "f.pdf", mimeType: "application/pdf", status: .ready,
            pageCount: 1, sha256: "", byteCount: 1, layout: layout, error: nil, createdAt: now, updatedAt: now,
            expiresAt: now.addingTimeInterval(60))
        try await store.insert(document: document)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    let job = JobRecord.pending(kind: .compose, owner: "o", documentId: document.id, now: now, lifetime: 60)
                    return (try? await store.startDocumentJob(documentID: document.id, owner: "o", job: job, now: now)) != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 1)
        #expect(try await store.queueDepth() == 1)
    }

    @Test func newValuesAfterFillingReturnToReady() async throws {
        try await withServer { server, client in
            let id = try await readyDocument(server, client)
            let compose = try decode(DocumentJobResponse.self, try await client.execute(uri: "/api/v1/documents/\(id)/compose", method: .post))
            await server.events.waitUntilFinished(compose.jobId)
            _ = try await client.execute(
                uri: "/api/v1/documents/\(id)/values", method: .post, headers: jsonHeaders(),
                body: ByteBuffer(string: #"{"values": [{"fieldRegionId": "\#(Self.nameID)", "value": "Changed", "source": "ai"}]}"#))
            let detail = try decode(DocumentDetailResponse.self, try await client.execute(uri: "/api/v1/documents/\(id)", method: .get))
            #expect(detail.document.status == "ready")
            try expectError(try await client.execute(uri: "/api/v1/documents/\(id)/download", method: .get), .conflict, "CONFLICT")
        }
    }

    /// Compose, new values, compose again, several times: each compose fills, the download has the latest values,
    /// and no temporary file is left in the document's folder (replacing the filled PDF once deleted it every
    /// second time).
    @Test func recomposeReplacesTheFilledPDFEveryTime() async throws {
        try await withServer { server, client in
            let id = try await readyDocument(server, client)
            for round in 1...4 {
                let values = try await client.execute(
                    uri: "/api/v1/documents/\(id)/values", method: .post, headers: jsonHeaders(),
                    body: ByteBuffer(string: #"{"values": [{"fieldRegionId": "\#(Self.nameID)", "value": "Round \#(round)"}]}"#))
                #expect(values.status == .ok)
                let compose = try decode(
                    DocumentJobResponse.self, try await client.execute(uri: "/api/v1/documents/\(id)/compose", method: .post))
                await server.events.waitUntilFinished(compose.jobId)
                let detail = try decode(
                    DocumentDetailResponse.self, try await client.execute(uri: "/api/v1/documents/\(id)", method: .get))
                #expect(detail.document.status == "filled", "round \(round)")
                let download = try await client.execute(uri: "/api/v1/documents/\(id)/download", method: .get)
                #expect(download.status == .ok, "round \(round)")
                let pdf = try await client.execute(uri: pathOf(try decode(DownloadResponse.self, download).filledPdfUrl), method: .get)
                #expect(String(decoding: pdf.body.readableBytesView, as: UTF8.self).contains("=Round \(round)\n"))
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: server.files.documentFolder(id).path)
            #expect(Set(names) == ["original", "filled.pdf"])
        }
    }

    @Test func deleteRemovesDocumentAndFiles() async throws {
        try await withServer { server, client in
            let id = try await readyDocument(server, client)
            #expect(server.files.exists(server.files.original(documentID: id)))
            #expect(try await client.execute(uri: "/api/v1/documents/\(id)", method: .delete).status == .noContent)
            #expect(!server.files.exists(server.files.documentFolder(id)))
            try expectError(try await client.execute(uri: "/api/v1/documents/\(id)", method: .get), .notFound, "NOT_FOUND")
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

import LegiblePDF
@testable import LegibleServer

/// Over real HTTP on loopback: multipart uploads, polling, values, compose, the signed link, scans.
///
/// Every engine is real: SerialScan reads the serials, FormFields finds the fields and FormFill composes.
@Suite("Live end-to-end over HTTP", .timeLimit(.minutes(5)))
struct LiveEndToEndTests {
    static func liveEngines() throws -> Engines {
        Engines(
            serialReader: try SerialScannerReader(engines: 2), fieldDetector: FormFieldsDetector(),
            formComposer: FormFillComposer())
    }

    static let sharedForms = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/forms")

    /// A real form from ../shared/forms when present, else the small built-in PDF.
    static func realForm() -> Data {
        let url = sharedForms.appendingPathComponent("interactive/mozilla__pdf.js__test__pdfs__bug1883609.pdf")
        return (try? Data(contentsOf: url)) ?? samplePDF
    }

    /// Polls `uri` until `done` says the JSON is final; the suite's time limit bounds it, no assertion is timed.
    func poll<T: Decodable>(
        _ client: some TestClientProtocol, _ uri: String, headers: HTTPFields, as type: T.Type, done: (T) -> Bool
    ) async throws -> T {
        while true {
            let response = try await client.execute(uri: uri, method: .get, headers: headers)
            // Polling stays within the key's rate limit, as a client must: with few requests left in the window
            // (some kept for the calls after the poll), or refused with 429, it waits for the next window. On a
            // busy machine a document takes seconds, and polling every 20 ms ran out of the 120 a minute.
            let remaining = response.headers[.rateLimitRemaining].flatMap { Int($0) }
            if response.status == .tooManyRequests || (remaining ?? Int.max) < Self.requestsKeptFromPolling {
                let reset = response.headers[.rateLimitReset].flatMap { Double($0) } ?? Date().timeIntervalSince1970
                try await Task.sleep(for: .seconds(max(0, reset - Date().timeIntervalSince1970) + 0.1))
                if response.status == .tooManyRequests { continue }
            }
            let value = try decode(T.self, response)
            if done(value) { return value }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Requests of the rate-limit window that polling leaves to the test's other calls.
    static let requestsKeptFromPolling = 20

    @Test func documentsAndScansOverLoopback() async throws {
        let apiKey = "live-test-key-0123456789"
        let configuration = testConfiguration {
            $0.apiKeys = [apiKey]
            // The test client keeps one connection and does not reconnect; polling may wait out a rate-limit
            // window in silence, longer than the default idle timeout.
            $0.connectionIdleTimeout = 3600
            // Three queued scans, a document and their polls; a window of the default 120 would be waited out.
            $0.rateLimitRequests = 600
        }
        let server = try await buildServer(configuration: configuration, engines: try Self.liveEngines(), logger: quietLogger)
        let form = Self.realForm()
        let photos = [("examples/label.png", "C02XK1JCJG5J"), ("examples/dark-screen.png", "FVFDG2Y3Q6L4")]
            .map { (try? fixture($0.0), $0.1) }
        try await server.application.test(.live) { liveClient in
            let client = ContractCheckedClient(liveClient)
            var auth = HTTPFields()
            auth[.authorization] = "Bearer \(apiKey)"

            // Documents: upload a real form, process, poll, values, compose, poll, download through the link.
            let upload = try await uploadDocument(client, form, headers: auth)
            #expect(upload.status == .created)
            #expect(upload.headers[.rateLimitLimit] != nil)
            let id = try decode(UploadResponse.self, upload).documentId
            #expect(try await client.execute(uri: "/api/v1/documents/\(id)/process", method: .post, headers: auth).status == .accepted)
            let detail = try await poll(client, "/api/v1/documents/\(id)", headers: auth, as: DocumentDetailResponse.self) {
                !["imported", "processing"].contains($0.document.status)
            }
            #expect(detail.document.status == "ready")
            let textFields = detail.components.filter { $0.type == "text" || $0.type == "date" }
            #expect(!textFields.isEmpty)
            let values = textFields.enumerated().map { index, field in
                #"{"fieldRegionId": "\#(field.fieldId)", "value": "Live value \#(index)", "source": "manual"}"#
            }
            let jsonAuth = jsonHeaders(auth)
            let saved = try await client.execute(
                uri: "/api/v1/documents/\(id)/values", method: .post, headers: jsonAuth,
                body: ByteBuffer(string: #"{"values": [\#(values.joined(separator: ","))]}"#))
            #expect(saved.status == .ok)
            #expect(try await client.execute(uri: "/api/v1/documents/\(id)/compose", method: .post, headers: auth).status == .accepted)
            let filled = try await poll(client, "/api/v1/documents/\(id)", headers: auth, as: DocumentDetailResponse.self) {
                $0.document.status != "filling"
            }
            #expect(filled.document.status == "filled")
            let link = try decode(
                DownloadResponse.self,
                try await client.execute(uri: "/api/v1/documents/\(id)/download?expiresIn=120", method: .get, headers: auth))
                .filledPdfUrl
            let pdf = try await client.execute(uri: pathOf(link), method: .get)  // no key: the signature is enough
            #expect(pdf.status == .ok)
            let bytes = Data(buffer: pdf.body)
            #expect(String(decoding: bytes.prefix(5), as: UTF8.self) == "%PDF-")
            // The values are drawn into the page: Poppler's text extraction finds them.
            let filledDocument = try PDFDocument(data: bytes)
            let text = try (0..<filledDocument.pageCount).map { try filledDocument.page(at: $0).text() }
                .joined(separator: "\n")
            // Every value is there. (Where a choice field's old appearance is still printed, Poppler's reading
            // order interleaves its words with the value's, so the words are checked, not the whole string.)
            let words = Set(text.split(whereSeparator: \.isWhitespace).map(String.init))
            #expect(text.contains("Live value 0"))
            for index in textFields.indices { #expect(words.contains("value") && words.contains("\(index)")) }

            // Scans of real photos with the real reader: queued and synchronous.
            for (data, expected) in photos {
                let photo = try #require(data)
                let submitted = try decode(
                    ScanSubmitResponse.self, try await submitScan(client, image: photo, device: "macbook", headers: auth))
                let job = try await poll(client, submitted.checkStatusUrl, headers: auth, as: ScanJobResponse.self) {
                    ["completed", "failed", "cancelled"].contains($0.status)
                }
                #expect(job.status == "completed")
                #expect(job.results?.serials.prefix(3).contains { $0.serial == expected } == true)
                let sync = try await processSerial(client, image: photo, device: "macbook", headers: auth)
                #expect(sync.status == .ok)
                #expect(try decode(ScanResults.self, sync).serials.prefix(3).contains { $0.serial == expected })
            }
            // A photo with a caption and no serial: whatever the reader makes of it, both routes answer in shapes
            // the scanning app decodes (the client checks every body against the app's models).
            let caption = try fixture("formats/sample.png")
            let captionJob = try decode(
                ScanSubmitResponse.self, try await submitScan(client, image: caption, device: "iphone", headers: auth))
            let captionResult = try await poll(client, captionJob.checkStatusUrl, headers: auth, as: ScanJobResponse.self) {
                ["completed", "failed", "cancelled"].contains($0.status)
            }
            #expect(captionResult.status == "completed")
            let captionSync = try await processSerial(client, image: caption, device: "iphone", headers: auth)
            #expect(captionSync.status == (captionResult.results == nil ? .unprocessableContent : .ok))

            let health = try decode(HealthController.HealthResponse.self, try await client.execute(uri: "/health", method: .get))
            #expect(health.status == "ok")
            #expect(health.poolSize == 2)
            #expect(health.tesseractVersion?.hasPrefix("5.") == true)
            #expect(health.lineReader == "legible")
        }
    }
}

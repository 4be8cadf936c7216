import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LegibleServer

@Suite("Scan routes", .timeLimit(.minutes(2)))
struct ScanRouteTests {
    @Test func submitAnswersAtOnceAndResultCompletes() async throws {
        let image = try fixture("formats/sample.jpg")
        try await withServer { server, client in
            let submitted = try await submitScan(client, image: image, preset: "etched")
            #expect(submitted.status == .accepted)
            let body = try decode(ScanSubmitResponse.self, submitted)
            #expect(body.status == "submitted")
            #expect(body.checkStatusUrl == "/result/\(body.jobId)")
            // A human range, as the scanning app declares it (a String such as "10-30 seconds").
            #expect(body.estimatedTime.wholeMatch(of: /[0-9]+-[0-9]+ seconds/) != nil)
            #expect(UUID(uuidString: body.jobId) != nil)

            await server.events.waitUntilFinished(body.jobId)
            let result = try await client.execute(uri: body.checkStatusUrl, method: .get)
            #expect(result.status == .ok)
            let job = try decode(ScanJobResponse.self, result)
            #expect(job.status == "completed")
            #expect(job.progress == 100)
            #expect(job.results?.serials.first?.serial == "C02XL0GHJGH5")
            #expect(job.results?.topResult.serial == "C02XL0GHJGH5")
            #expect(job.results?.totalDetected == 2)
            #expect(job.error == nil)
            // Exact wire shape: snake_case keys, ISO 8601 dates, explicit null error.
            let object = try JSONSerialization.jsonObject(with: Data(buffer: result.body)) as? [String: Any]
            #expect(Set((object ?? [:]).keys) == [
                "job_id", "status", "progress", "message", "created_at", "updated_at", "results", "error",
            ])
            #expect(object?["error"] is NSNull)
            let created = object?["created_at"] as? String
            #expect(created.flatMap { ISO8601DateFormatter().date(from: $0) } != nil)
            let results = object?["results"] as? [String: Any]
            #expect(Set((results ?? [:]).keys) == ["serials", "top_result", "total_detected", "processing_time"])
            // The image is deleted once the job is done.
            #expect(!server.files.exists(server.files.scanImage(jobID: body.jobId)))
        }
    }

    @Test func pendingResultHasNullResults() async throws {
        let image = try fixture("formats/sample.png")
        try await withServer(engines: .stubs(reader: StubSerialReader(blocks: true))) { server, client in
            let body = try decode(ScanSubmitResponse.self, try await submitScan(client, image: image))
            let result = try await client.execute(uri: "/result/\(body.jobId)", method: .get)
            let object = try JSONSerialization.jsonObject(with: Data(buffer: result.body)) as? [String: Any]
            #expect(["pending", "processing"].contains(object?["status"] as? String))
            #expect(object?["results"] is NSNull)
        }
    }

    /// A scan that reads nothing completes with `results: null` and the reason in `message`: the app declares
    /// `top_result` non-optional, so a results object without one would fail its decoding.
    @Test func noSerialFoundCompletesWithNullResultsAndTheReason() async throws {
        let image = try fixture("formats/sample.png")
        let reader = StubSerialReader(candidates: [], reason: "no text lines found")
        try await withServer(engines: .stubs(reader: reader)) { server, client in
            let body = try decode(ScanSubmitResponse.self, try await submitScan(client, image: image))
            await server.events.waitUntilFinished(body.jobId)
            let response = try await client.execute(uri: "/result/\(body.jobId)", method: .get)
            let job = try decode(ScanJobResponse.self, response)
            #expect(job.status == "completed")
            #expect(job.message == "No serial number found: no text lines found")
            #expect(job.results == nil)
            #expect(job.error == nil)
            let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
            #expect(object?["results"] is NSNull)
            // The synchronous route answers the same finding as a 422 with the same message.
            let sync = try await processSerial(client, image: image, device: "macbook")
            try expectError(sync, .unprocessableContent, "NO_SERIAL_FOUND")
            #expect(try errorEnvelope(sync).message == "No serial number found: no text lines found")
        }
    }

    /// A scan whose best answer is uncertain completes with its results and says why in `message`.
    @Test func anUncertainAnswerSaysWhyInTheMessage() async throws {
        let image = try fixture("formats/sample.png")
        let doubt = "the best reading, C02XL0GHJGH5, is uncertain (confidence 0.31): no caption announced it"
        let reader = StubSerialReader(
            candidates: [.init(serial: "C02XL0GHJGH5", confidence: 0.31)], reason: doubt)
        try await withServer(engines: .stubs(reader: reader)) { server, client in
            let body = try decode(ScanSubmitResponse.self, try await submitScan(client, image: image))
            await server.events.waitUntilFinished(body.jobId)
            let job = try decode(ScanJobResponse.self, try await client.execute(uri: "/result/\(body.jobId)", method: .get))
            #expect(job.status == "completed")
            #expect(job.message == "Found 1 candidate(s); " + doubt)
            #expect(job.results?.topResult.serial == "C02XL0GHJGH5")
        }
    }

    @Test func estimatedTimeGrowsWithTheRoundsOfJobsAhead() {
        #expect(ScanSubmitResponse.estimatedTime(queueDepth: 1, workers: 2) == "1-3 seconds")
        #expect(ScanSubmitResponse.estimatedTime(queueDepth: 2, workers: 2) == "1-3 seconds")
        #expect(ScanSubmitResponse.estimatedTime(queueDepth: 3, workers: 2) == "2-6 seconds")
        #expect(ScanSubmitResponse.estimatedTime(queueDepth: 0, workers: 0) == "1-3 seconds")
    }

    @Test func engineFailureFailsTheJobWithItsMessage() async throws {
        let image = try fixture("formats/sample.png")
        let reader = StubSerialReader(failure: .invalidInput("image is 0 bytes"))
        try await withServer(engines: .stubs(reader: reader)) { server, client in
            let body = try decode(ScanSubmitResponse.self, try await submitScan(client, image: image))
            await server.events.waitUntilFinished(body.jobId)
            let job = try decode(ScanJobResponse.self, try await client.execute(uri: "/result/\(body.jobId)", method: .get))
            #expect(job.status == "failed")
            #expect(job.error == "image is 0 bytes")
            #expect(job.results == nil)
        }
    }

    @Test func jobsListsOwnScansNewestFirstWithFilters() async throws {
        let image = try fixture("formats/sample.png")
        try await withServer { server, client in
            var ids: [String] = []
            for _ in 0..<3 {
                let body = try decode(ScanSubmitResponse.self, try await submitScan(client, image: image))
                ids.append(body.jobId)
            }
            for id in ids { await server.events.waitUntilFinished(id) }
            let list = try decode(ScanJobListResponse.self, try await client.execute(uri: "/jobs", method: .get))
            #expect(list.total == 3)
            #expect(Set(list.jobs.map(\.jobId)) == Set(ids))
            let completed = try decode(
                ScanJobListResponse.self, try await client.execute(uri: "/jobs?status=completed&limit=2", method: .get))
            #expect(completed.jobs.count == 2)
            try expectError(try await client.execute(uri: "/jobs?status=bogus", method: .get), .badRequest, "VALIDATION_ERROR")
            try expectError(try await client.execute(uri: "/jobs?limit=0", method: .get), .badRequest, "VALIDATION_ERROR")
        }
    }

    @Test(arguments: ["formats/sample.jpg", "formats/sample.heic"])
    func processSerialIsSynchronous(file: String) async throws {
        // JPEG, or HEIC as an iPhone camera saves photos.
        let image = try fixture(file)
        try await withServer { _, client in
            let response = try await client.execute(
                uri: "/process-serial", method: .post, headers: multipartHeaders(),
                body: multipartBody([.file("image", image), .field("device_type", "macbook"), .field("preset", "sticker")]))
            #expect(response.status == .ok)
            let results = try decode(ScanResults.self, response)
            #expect(results.totalDetected == 2)
            #expect(results.topResult == SerialCandidateReading(serial: "C02XL0GHJGH5", confidence: 0.91))
            #expect(results.processingTime == 0.012)
        }
    }

    @Test func processSerialMapsEngineErrors() async throws {
        let image = try fixture("formats/sample.jpg")
        try await withServer(engines: .unavailable) { _, client in
            let response = try await processSerial(client, image: image, device: "ipad")
            try expectError(response, .serviceUnavailable, "SERVICE_UNAVAILABLE")
        }
        let reader = StubSerialReader(failure: .invalidInput("image is 40000x40000 pixels; the limit is 100 megapixels"))
        try await withServer(engines: .stubs(reader: reader)) { _, client in
            let response = try await processSerial(client, image: image, device: "ipad")
            try expectError(response, .unprocessableContent, "UNPROCESSABLE_ENTITY")
        }
    }

    @Test func cancelPendingJobAndConflictAfterwards() async throws {
        let image = try fixture("formats/sample.png")
        let configuration = testConfiguration { $0.workerCount = 1 }
        try await withServer(configuration, engines: .stubs(reader: StubSerialReader(blocks: true))) { server, client in
            // The first job occupies the only worker; the second stays pending.
            _ = try await submitScan(client, image: image)
            let second = try decode(ScanSubmitResponse.self, try await submitScan(client, image: image))
            let cancelled = try await client.execute(uri: "/result/\(second.jobId)/cancel", method: .post)
            #expect(cancelled.status == .ok)
            #expect(try decode(ScanJobResponse.self, cancelled).status == "cancelled")
            #expect(!server.files.exists(server.files.scanImage(jobID: second.jobId)))
            let again = try await client.execute(uri: "/result/\(second.jobId)/cancel", method: .post)
            try expectError(again, .conflict, "CONFLICT")
        }
    }

    @Test func cancelRunningJobEndsCancelled() async throws {
        let image = try fixture("formats/sample.png")
        let store = try await makeTestStore()
        let now = Date()
        let job = JobRecord.pending(kind: .scan, owner: "anonymous", now: now, lifetime: 3600)
        try await store.insert(job: job)
        _ = try await store.claimNext(workerID: "w", now: now)
        let cancelling = try await store.cancelScanJob(id: job.id, owner: "anonymous", now: now)
        #expect(cancelling.status == .processing)
        #expect(cancelling.cancelRequested)
        // The worker sees the request and finishes the job as cancelled.
        let files = try FileStore(root: makeDataDirectory())
        try files.write(image, to: files.scanImage(jobID: job.id))
        let processor = JobProcessor(store: store, files: files, engines: .stubs(), logger: quietLogger)
        let claimed = try #require(try await store.job(id: job.id, owner: nil))
        try await processor.run(claimed)
        #expect(try await store.job(id: job.id, owner: nil)?.status == .cancelled)
    }

    @Test func deleteRemovesJobAndImage() async throws {
        let image = try fixture("formats/sample.png")
        try await withServer(engines: .stubs(reader: StubSerialReader(blocks: true))) { server, client in
            let body = try decode(ScanSubmitResponse.self, try await submitScan(client, image: image))
            let deleted = try await client.execute(uri: "/result/\(body.jobId)", method: .delete)
            #expect(deleted.status == .noContent)
            #expect(!server.files.exists(server.files.scanImage(jobID: body.jobId)))
            try expectError(try await client.execute(uri: "/result/\(body.jobId)", method: .get), .notFound, "NOT_FOUND")
            try expectError(try await client.execute(uri: "/result/\(body.jobId)", method: .delete), .notFound, "NOT_FOUND")
        }
    }

    @Test func unknownAndMalformedJobIDs() async throws {
        try await withServer { _, client in
            let unknown = UUID().uuidString
            try expectError(try await client.execute(uri: "/result/\(unknown)", method: .get), .notFound, "NOT_FOUND")
            try expectError(try await client.execute(uri: "/result/not-a-uuid", method: .get), .badRequest, "VALIDATION_ERROR")
            try expectError(
                try await client.execute(uri: "/result/not-a-uuid/cancel", method: .post), .badRequest, "VALIDATION_ERROR")
            try expectError(
                try await client.execute(uri: "/result/\(unknown)/cancel", method: .post), .notFound, "NOT_FOUND")
            try expectError(try await client.execute(uri: "/result/x%00y", method: .delete), .badRequest, "VALIDATION_ERROR")
        }
    }

    /// Form fields the routes do not read, whatever their names, are ignored: the OpenAPI document allows
    /// extra properties in an upload, and schemathesis sends them.
    @Test func uploadsIgnoreExtraFormFields() async throws {
        let image = try fixture("formats/sample.png")
        try await withServer { _, client in
            // Named as browsers and urllib3 write them: "", `\` (a backslash, unescaped) and a leading combining
            // mark included.
            let extras: [FormPart] = [.field("", "{}"), .field("®¾Æ", "3184901180612945444339712"), .field("\\", "{}"), .field("\u{302D}\u{BFF3}\u{C3}", "false")]
            let submitted = try await client.execute(
                uri: "/scan", method: .post, headers: multipartHeaders(),
                body: multipartBody(extras + [.file("image", image), .field("device_type", "ipad")]))
            #expect(submitted.status == .accepted)
            let read = try await client.execute(
                uri: "/process-serial", method: .post, headers: multipartHeaders(),
                body: multipartBody(extras + [.file("image", image), .field("device_type", "ipad")]))
            #expect(read.status == .ok)
            let uploaded = try await client.execute(
                uri: "/api/v1/documents/init-upload", method: .post, headers: multipartHeaders(),
                body: multipartBody(extras + [.file("file", samplePDF, fileName: "form.pdf")]))
            #expect(uploaded.status == .created)
        }
    }

    @Test func scanInputValidation() async throws {
        let image = try fixture("formats/sample.png")
        try await withServer { _, client in
            // Missing image, missing device type, bad device type, bad preset, empty image, wrong type.
            let cases: [([FormPart], HTTPResponse.Status, String)] = [
                ([.field("device_type", "iphone")], .badRequest, "VALIDATION_ERROR"),
                ([.file("image", image)], .badRequest, "VALIDATION_ERROR"),
                ([.file("image", image), .field("device_type", "toaster")], .badRequest, "VALIDATION_ERROR"),
                ([.file("image", image), .field("device_type", "iphone"), .field("preset", "x")], .badRequest, "VALIDATION_ERROR"),
                ([.file("image", Data()), .field("device_type", "iphone")], .badRequest, "VALIDATION_ERROR"),
                ([.file("image", Data("hello, not an image".utf8)), .field("device_type", "iphone")],
                 .unsupportedMediaType, "UNSUPPORTED_MEDIA_TYPE"),
                ([.file("image", samplePDF, contentType: "image/jpeg"), .field("device_type", "iphone")],
                 .unsupportedMediaType, "UNSUPPORTED_MEDIA_TYPE"),
            ]
            for (parts, status, code) in cases {
                for uri in ["/scan", "/process-serial"] {
                    let response = try await client.execute(
                        uri: uri, method: .post, headers: multipartHeaders(), body: multipartBody(parts))
                    try expectError(response, status, code)
                }
            }
        }
    }
}

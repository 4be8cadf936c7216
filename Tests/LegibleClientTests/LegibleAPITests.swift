import Crypto
import Foundation
import LegibleClient
import LegiblePDF
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `LegibleClient` against a real `legible-server` process: real engines, SQLite in a temporary folder, HTTP
/// over loopback through URLSession.
@Suite("LegibleClient against a live server", .serialized, .timeLimit(.minutes(10)))
struct LegibleAPITests {
    @Test func scanSerialReturnsTheSerialRankedFirst() async throws {
        try await LiveServer.with { server in
            let api = server.api()
            let events = Events<ScanProgress>()
            let answer = try await api.scanSerial(
                image: try Fixtures.bytes("examples/label.png"), deviceType: .macbook,
                progress: { event in events.append(event) })
            #expect(answer.best?.serial == "C02XK1JCJG5J")
            #expect((answer.best?.confidence ?? 0) > 0.5)
            #expect(answer.best?.sources.contains(.ocr) == true)
            #expect(answer.candidates.map(\.confidence) == answer.candidates.map(\.confidence).sorted(by: >))
            let seen = events.all
            guard case .submitted(let jobID, _) = seen.first else {
                Issue.record("the first progress event is not the submission: \(seen)")
                return
            }
            #expect(jobID == answer.jobID)
            #expect(seen.contains(.status(.completed, percent: 100)))
        }
    }

    @Test func aFormIsProcessedFilledAndDownloadedAndItsValuesReadBack() async throws {
        try await LiveServer.with { server in
            let api = server.api()
            let form = try FormsFixture.interactive("mozilla__pdf.js__test__pdfs__bug1883609.pdf")
            let uploads = Events<UploadProgress>()
            let processed = try await api.processDocument(fileURL: form) { uploads.append($0) }
            #expect(processed.document.status == .ready)
            let size = Int64(try Data(contentsOf: form).count)
            #expect(uploads.all.last == UploadProgress(bytesSent: size, totalBytes: size))
            let textFields = processed.fields.filter { $0.type == .text }
            try #require(!textFields.isEmpty)
            #expect(textFields.allSatisfy { [.text, .email, .phone].contains($0.kind) })

            let values = textFields.enumerated().map { FieldValue(fieldID: $1.id, value: "Client value \($0)") }
            let stored = try await api.setValues(values, for: processed.document.id)
            #expect(Set(stored.map(\.fieldID)) == Set(values.map(\.fieldID)))
            #expect(try await api.compose(processed.document.id).status == .filled)

            let destination = FileManager.default.temporaryDirectory
                .appendingPathComponent("filled-\(UUID().uuidString).pdf")
            defer { try? FileManager.default.removeItem(at: destination) }
            try await api.downloadFilledPDF(processed.document.id, to: destination)
            let pdf = try PDFDocument(data: try Data(contentsOf: destination))
            let text = try (0..<pdf.pageCount).map { try pdf.page(at: $0).text() }.joined(separator: "\n")
            #expect(text.contains("Client value 0"))
            let words = Set(text.split(whereSeparator: \.isWhitespace).map(String.init))
            for index in values.indices { #expect(words.contains("\(index)")) }

            try await api.deleteDocument(processed.document.id)
            await #expect(throws: LegibleClientError.self) { try await api.fields(of: processed.document.id) }
        }
    }

    @Test func aWrongKeyIsTheServersUnauthorizedError() async throws {
        try await LiveServer.with { server in
            let api = server.api(apiKey: "not-a-key-of-this-server")
            do {
                _ = try await api.scanSerial(image: try Fixtures.bytes("examples/label.png"), deviceType: .macbook)
                Issue.record("a wrong key was accepted")
            } catch let error as LegibleClientError {
                let serverError = try #require(error.serverError, "\(error)")
                #expect(serverError.code == .unauthorized)
                #expect(serverError.statusCode == 401)
                #expect(serverError.message == "invalid API key")
            }
        }
    }

    /// A link past its expiry (signed as the server signs, with its key) is refused with 403 `FORBIDDEN`;
    /// `downloadFilledPDF` asks for a fresh link and gets the file.
    @Test func anExpiredLinkIsForbiddenAndAFreshOneWorks() async throws {
        try await LiveServer.with { server in
            let api = server.api()
            let form = try FormsFixture.interactive("mozilla__pdf.js__test__pdfs__bug1883609.pdf")
            let document = try await api.processDocument(fileURL: form)
            try await api.compose(document.document.id)

            let path = "/files/documents/\(document.document.id)/filled.pdf"
            let expires = Int(Date().timeIntervalSince1970) - 60
            let message = Data("GET\n\(path)\n\(expires)".utf8)
            let signature = HMAC<SHA256>.authenticationCode(
                for: message, using: SymmetricKey(data: Data(server.signingKey.utf8))
            ).map { String(format: "%02x", $0) }.joined()
            let expired = URL(string: "\(server.baseURL.absoluteString)\(path)?expires=\(expires)&signature=\(signature)")!
            let destination = FileManager.default.temporaryDirectory
                .appendingPathComponent("expired-\(UUID().uuidString).pdf")
            defer { try? FileManager.default.removeItem(at: destination) }
            do {
                try await api.download(link: expired, to: destination)
                Issue.record("an expired link was honoured")
            } catch let error as LegibleClientError {
                #expect(error.serverError?.code == .forbidden)
                #expect(error.serverError?.statusCode == 403)
            }
            #expect(!FileManager.default.fileExists(atPath: destination.path))

            // The same link with its expiry moved on is a forgery: refused alike.
            let forged = URL(string: expired.absoluteString.replacingOccurrences(of: "\(expires)", with: "\(expires + 7200)"))!
            await #expect(throws: LegibleClientError.self) { try await api.download(link: forged, to: destination) }

            try await api.downloadFilledPDF(document.document.id, to: destination)
            #expect(try Data(contentsOf: destination).prefix(5) == Data("%PDF-".utf8))
        }
    }

    /// Past the key's limit the server answers 429 with `Retry-After`: a client told not to retry throws it
    /// with the wait; the default client waits it out and every call succeeds.
    @Test func rateLimitedCallsWaitRetryAfterOrReportIt() async throws {
        try await LiveServer.with(arguments: ["--rate-limit", "3", "--rate-window", "2"]) { server in
            let impatient = server.api(maxRetries: 0)
            var refusal: ServerError?
            for _ in 0..<6 {
                do {
                    _ = try await impatient.client.scanJobs()
                } catch {
                    refusal = try #require(LegibleClientError(unwrapping: error), "\(error)").serverError
                    break
                }
            }
            let refused = try #require(refusal, "six calls within a window of three were all served")
            #expect(refused.code == .rateLimitExceeded)
            #expect(refused.statusCode == 429)
            #expect((refused.retryAfter ?? 0) >= 1)

            let patient = server.api(maxRetries: 5)
            for _ in 0..<8 {
                let output = try await patient.client.scanJobs()
                #expect(try output.ok.body.json.total >= 0)
            }
        }
    }

    /// Cancelling the task that waits for a scan cancels the job on the server.
    @Test func cancellingTheTaskCancelsTheJobOnTheServer() async throws {
        // One job worker, busy with a first scan, so the cancelled one is still queued when the cancel arrives.
        try await LiveServer.with(arguments: ["--workers", "1"]) { server in
            let api = server.api()
            let photo = try Fixtures.bytes("examples/label.png")
            let (submissions, continuation) = AsyncStream.makeStream(of: String.self)
            var submitted = submissions.makeAsyncIterator()
            let reportSubmission: @Sendable (ScanProgress) -> Void = { event in
                if case .submitted(let jobID, _) = event { continuation.yield(jobID) }
            }
            let blocker = Task { try await api.scanSerial(image: photo, deviceType: .macbook, progress: reportSubmission) }
            _ = try #require(await submitted.next())
            let scan = Task { try await api.scanSerial(image: photo, deviceType: .macbook, progress: reportSubmission) }
            let jobID = try #require(await submitted.next())
            scan.cancel()
            let outcome = await scan.result
            #expect(throws: CancellationError.self) { try outcome.get() }

            // A queued job is cancelled at once; one already running stops when its worker next checks.
            var job = try await api.client.scanJob(path: .init(jobId: jobID)).ok.body.json
            while job.status == .processing {
                try await Task.sleep(nanoseconds: 50_000_000)
                job = try await api.client.scanJob(path: .init(jobId: jobID)).ok.body.json
            }
            #expect(job.status == .cancelled)
            #expect(try await blocker.value.best?.serial == "C02XK1JCJG5J")
        }
    }
}

/// Events a callback reports, kept in order across threads.
final class Events<Event: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [Event] = []

    func append(_ event: Event) { lock.withLock { events.append(event) } }
    var all: [Event] { lock.withLock { events } }
}


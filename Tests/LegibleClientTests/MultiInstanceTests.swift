import Foundation
import LegibleClient
import LegiblePDF
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `LEGIBLE_TEST_DATABASE_URL`, when set and not empty.
let sharedTestDatabase = ProcessInfo.processInfo.environment["LEGIBLE_TEST_DATABASE_URL"].flatMap {
    $0.isEmpty ? nil : $0
}

/// Two `legible-server` processes on one PostgreSQL database and one shared data folder, as two boxes behind a
/// load balancer: what is submitted to one is served by the other. Runs when `LEGIBLE_TEST_DATABASE_URL` names a
/// database (CI starts PostgreSQL and sets it).
@Suite("Two instances on one database", .serialized, .enabled(if: sharedTestDatabase != nil), .timeLimit(.minutes(10)))
struct MultiInstanceTests {
    static var databaseURL: String? { sharedTestDatabase }

    /// Runs `body` with two servers sharing a fresh schema, a data folder, the API key and the signing key.
    static func withTwoInstances(
        arguments: [String] = [], _ body: (LiveServer, LiveServer) async throws -> Void
    ) async throws {
        let base = try #require(databaseURL)
        let schema = "m" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        let environment = ["LEGIBLE_DATABASE_URL": "\(base)\(base.contains("?") ? "&" : "?")schema=\(schema)"]
        let first = try await LiveServer(arguments: arguments, environment: environment)
        defer { first.stop() }
        let second = try await LiveServer(
            arguments: arguments, environment: environment, dataDirectory: first.dataDirectory, apiKey: first.apiKey,
            signingKey: first.signingKey)
        defer { second.stop() }
        try await body(first, second)
    }

    @Test func aScanSubmittedToOneIsAnsweredByTheOther() async throws {
        try await Self.withTwoInstances { first, second in
            let photo = try Fixtures.bytes("examples/label.png")
            let submitted = try await first.api().submitScan(image: photo, deviceType: .macbook)
            let answer = try await second.api().waitForScan(jobID: submitted.jobID)
            #expect(answer.best?.serial == "C02XK1JCJG5J")
        }
    }

    /// Scans submitted alternately to both are each answered, whichever instance's workers ran them.
    @Test func scansSubmittedAcrossBothAreAllAnswered() async throws {
        try await Self.withTwoInstances(arguments: ["--workers", "2"]) { first, second in
            let photos = [
                ("examples/label.png", "C02XK1JCJG5J"), ("examples/dark-screen.png", "FVFDG2Y3Q6L4"),
            ]
            var submitted: [(String, String)] = []
            for index in 0..<12 {
                let (path, serial) = photos[index % 2]
                let api = index.isMultiple(of: 2) ? first.api() : second.api()
                submitted.append((try await api.submitScan(image: try Fixtures.bytes(path), deviceType: .macbook).jobID, serial))
            }
            for (index, (jobID, serial)) in submitted.enumerated() {
                let api = index.isMultiple(of: 2) ? second.api() : first.api()
                #expect(try await api.waitForScan(jobID: jobID).best?.serial == serial)
            }
        }
    }

    /// 200 scans submitted across both, eight at a time, with two workers on each: every job is answered with its
    /// photo's serial, and the runs the two instances count (`legible_jobs_started_total`) add up to 200, so no job
    /// was lost and none ran twice.
    @Test func twoHundredScansAcrossBothAreEachRunOnce() async throws {
        try await Self.withTwoInstances(arguments: ["--workers", "2", "--rate-limit", "10000"]) { first, second in
            let photos = [
                (try Fixtures.bytes("examples/label.png"), "C02XK1JCJG5J"),
                (try Fixtures.bytes("examples/dark-screen.png"), "FVFDG2Y3Q6L4"),
            ]
            let servers = [first, second]
            let answers = try await withThrowingTaskGroup(of: [(String, String?)].self) { group in
                for lane in 0..<8 {
                    group.addTask {
                        var answered: [(String, String?)] = []
                        for index in stride(from: lane, to: 200, by: 8) {
                            let (photo, serial) = photos[index % 2]
                            let jobID = try await servers[index % 2].api().submitScan(image: photo, deviceType: .macbook).jobID
                            let answer = try await servers[(index + 1) % 2].api().waitForScan(jobID: jobID)
                            answered.append((serial, answer.best?.serial))
                        }
                        return answered
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(answers.count == 200)
            #expect(answers.filter { $0.0 != $0.1 }.isEmpty)
            var started = 0
            for server in servers {
                let (body, _) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("metrics"))
                let line = String(decoding: body, as: UTF8.self).split(separator: "\n")
                    .first { $0.hasPrefix(#"legible_jobs_started_total{kind="scan"} "#) }
                started += line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
            }
            #expect(started == 200)
        }
    }

    /// An instance killed with jobs claimed and queued: the other takes the queued ones at once and the claimed
    /// one when its lease (here 3 s) runs out; every job completes.
    @Test func aKilledInstancesJobsAreFinishedByTheOther() async throws {
        try await Self.withTwoInstances(arguments: ["--workers", "1"]) { first, second in
            // Two instances on one database: the second must not take the jobs before the first is killed, so
            // it is killed and a third started after.
            second.stop()
            let photo = try Fixtures.bytes("examples/label.png")
            var jobs: [String] = []
            for _ in 0..<4 { jobs.append(try await first.api().submitScan(image: photo, deviceType: .macbook).jobID) }
            first.kill()
            let survivor = try await LiveServer(
                arguments: ["--workers", "2"],
                environment: ["LEGIBLE_DATABASE_URL": try #require(first.databaseURLInEnvironment), "LEGIBLE_JOB_LEASE": "3"],
                dataDirectory: first.dataDirectory, apiKey: first.apiKey, signingKey: first.signingKey)
            defer { survivor.stop() }
            for jobID in jobs {
                #expect(try await survivor.api().waitForScan(jobID: jobID).best?.serial == "C02XK1JCJG5J")
            }
        }
    }

    @Test func aDocumentProcessedOnOneIsFilledAndDownloadedThroughTheOther() async throws {
        try await Self.withTwoInstances { first, second in
            let form = try FormsFixture.interactive("mozilla__pdf.js__test__pdfs__bug1883609.pdf")
            let processed = try await first.api().processDocument(fileURL: form)
            let field = try #require(processed.fields.first { $0.type == .text })
            try await second.api().setValues([FieldValue(fieldID: field.id, value: "Shared value")], for: processed.document.id)
            try await second.api().compose(processed.document.id)
            let destination = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).pdf")
            defer { try? FileManager.default.removeItem(at: destination) }
            // The link is signed by the first instance and served by whichever the URL names: both share the key.
            let link = try await first.api().filledPDFLink(processed.document.id)
            let onSecond = URL(string: link.absoluteString.replacingOccurrences(of: ":\(first.port)/", with: ":\(second.port)/"))!
            try await second.api().download(link: onSecond, to: destination)
            let pdf = try PDFDocument(data: try Data(contentsOf: destination))
            let text = try (0..<pdf.pageCount).map { try pdf.page(at: $0).text() }.joined(separator: "\n")
            #expect(text.contains("Shared value"))
        }
    }

    /// A key's limit counts requests to both instances together.
    @Test func rateLimitsHoldAcrossBoth() async throws {
        try await Self.withTwoInstances(arguments: ["--rate-limit", "4", "--rate-window", "3600"]) { first, second in
            var served = 0
            var refused: ServerError?
            for index in 0..<8 {
                let api = index.isMultiple(of: 2) ? first.api(maxRetries: 0) : second.api(maxRetries: 0)
                do {
                    _ = try await api.client.scanJobs()
                    served += 1
                } catch {
                    refused = LegibleClientError(unwrapping: error)?.serverError
                    break
                }
            }
            #expect(served == 4)
            #expect(refused?.code == .rateLimitExceeded)
        }
    }

    /// The database lost while the server runs (its link cut by a proxy for longer than a job's lease, with jobs
    /// queued and running): requests get 503 `SERVICE_UNAVAILABLE`, and once it is back every job submitted before
    /// completes, none lost; a job whose end could not be recorded is taken up again when its lease runs out.
    @Test func aLostDatabaseAnswers503AndNothingIsLost() async throws {
        let base = try #require(Self.databaseURL)
        var components = try #require(URLComponents(string: base))
        let proxy = try TCPProxy(host: components.host ?? "127.0.0.1", targetPort: components.port ?? 5432)
        defer { proxy.stop() }
        components.host = "127.0.0.1"
        components.port = proxy.port
        let schema = "lost" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "schema", value: schema)]
        let server = try await LiveServer(
            arguments: ["--workers", "1"],
            environment: ["LEGIBLE_DATABASE_URL": try #require(components.string), "LEGIBLE_JOB_LEASE": "3"])
        defer { server.stop() }
        let photo = try Fixtures.bytes("examples/label.png")
        let api = server.api(maxRetries: 0)
        var jobs: [String] = []
        for _ in 0..<4 { jobs.append(try await api.submitScan(image: photo, deviceType: .macbook).jobID) }

        proxy.cut()
        var refused: ServerError?
        do {
            let accepted = try await api.submitScan(image: photo, deviceType: .macbook)
            Issue.record("a scan was accepted with the database away: \(accepted.jobID)")
        } catch {
            refused = LegibleClientError(unwrapping: error)?.serverError
            if refused == nil { Issue.record("not an error envelope: \(String(reflecting: error))") }
        }
        #expect(refused?.statusCode == 503)
        #expect(refused?.code == .serviceUnavailable)
        try await Task.sleep(for: .seconds(5))
        proxy.restore()

        let patient = server.api(maxRetries: 30)
        for jobID in jobs {
            #expect(try await patient.waitForScan(jobID: jobID).best?.serial == "C02XK1JCJG5J")
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ServiceLifecycle
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import LegibleServer

/// Hostile documents for the isolation tests, made here (small text PDFs).
enum HostilePDF {
    /// A page that draws form XObject X0, which draws X1 ten times, and so on `depth` levels: 10^depth draws in a
    /// few kilobytes. Rendering it runs for hours.
    static func nestedXObjects(depth: Int = 9) -> Data {
        var objects: [Int: String] = [
            1: "<< /Type /Catalog /Pages 2 0 R >>",
            2: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            3: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
                + "/Resources << /XObject << /X0 5 0 R >> >> >>",
            4: stream("/X0 Do"),
        ]
        for level in 0...depth {
            if level < depth {
                let draws = Array(repeating: "q 1 0 0 1 0.1 0.1 cm /X Do Q", count: 10).joined(separator: " ")
                objects[5 + level] = stream(
                    draws, extra: "/Type /XObject /Subtype /Form /BBox [0 0 100 100] "
                        + "/Resources << /XObject << /X \(6 + level) 0 R >> >>")
            } else {
                objects[5 + level] = stream("0 0 1 1 re f", extra: "/Type /XObject /Subtype /Form /BBox [0 0 100 100]")
            }
        }
        var text = "%PDF-1.4\n"
        var offsets: [Int: Int] = [:]
        for number in objects.keys.sorted() {
            offsets[number] = text.utf8.count
            text += "\(number) 0 obj\n\(objects[number]!)\nendobj\n"
        }
        let xref = text.utf8.count
        let count = objects.count + 1
        text += "xref\n0 \(count)\n0000000000 65535 f \n"
        for number in 1..<count { text += String(format: "%010d 00000 n \n", offsets[number]!) }
        text += "trailer\n<< /Size \(count) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(text.utf8)
    }

    private static func stream(_ content: String, extra: String = "") -> String {
        "<< \(extra) /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
    }
}

/// Engine worker processes (`IsolatedEngine`), started for real from this build's `legible-server`.
@Suite("Engine isolation", .serialized, .timeLimit(.minutes(3)))
struct EngineIsolationTests {
    /// `legible-server` beside the test binary (SwiftPM builds both into one folder).
    static var serverExecutable: String {
        URL(fileURLWithPath: IsolatedEngine.currentExecutable).deletingLastPathComponent()
            .appendingPathComponent("legible-server").path
    }

    static func engine(workers: Int = 1, deadline: TimeInterval = 60, requestsPerWorker: Int = 500) throws
        -> IsolatedEngine
    {
        try #require(
            FileManager.default.isExecutableFile(atPath: serverExecutable),
            "legible-server is not built at \(serverExecutable): run swift build first")
        return try IsolatedEngine(
            workers: workers, executable: serverExecutable,
            limits: EngineWorkerLimits(memoryBytes: 3 << 30, deadline: deadline, requestsPerWorker: requestsPerWorker),
            logger: quietLogger)
    }

    /// A worker that has answered its share of requests is retired and a fresh process serves the next ones; no
    /// request fails for it.
    @Test func aWorkerIsRetiredAfterItsShareOfRequests() async throws {
        let engine = try Self.engine(requestsPerWorker: 2)
        defer { Task { await engine.shutdown() } }
        let first = await engine.pool.processIDs
        #expect(first.count == 1)
        for expectedRetired in [0, 1, 1, 2] {
            let inspection = try await engine.inspect(documentData: samplePDF, format: .pdf)
            #expect(inspection.pageCount == 1)
            #expect(await engine.pool.retiredCount == expectedRetired)
        }
        let last = await engine.pool.processIDs
        #expect(last.count == 1 && last.isDisjoint(with: first))
        #expect(await engine.pool.replacedCount == 0)
        // The retired process is gone (reaped), not left running.
        for pid in first { #expect(kill(pid, 0) == -1) }
    }

    @Test func aWorkerReadsSerialsAndDetectsFields() async throws {
        let engine = try Self.engine()
        defer { Task { await engine.shutdown() } }
        let readout = try await engine.readSerials(
            imageData: try fixture("examples/label.png"), preset: .auto, deviceType: .macbook)
        #expect(readout.candidates.first?.serial == "C02XK1JCJG5J")
        let layout = try await engine.detectFields(documentData: LiveEndToEndTests.realForm(), format: .pdf)
        #expect(!layout.regions.isEmpty)
        let inspection = try await engine.inspect(documentData: samplePDF, format: .pdf)
        #expect(inspection.pageCount == 1)
        // An engine's own refusal comes back as the same error it would be in-process.
        await #expect(throws: EngineError.self) {
            try await engine.inspect(documentData: Data("%PDF-1.4\n garbage".utf8), format: .pdf)
        }
    }

    /// A document that never finishes rendering fails its own call at the deadline; the worker is replaced and
    /// the next call is served.
    @Test func aCallPastTheDeadlineFailsAndTheWorkerIsReplaced() async throws {
        let engine = try Self.engine(deadline: 3)
        defer { Task { await engine.shutdown() } }
        do {
            _ = try await engine.detectFields(documentData: HostilePDF.nestedXObjects(), format: .pdf)
            Issue.record("the nested-XObject document was expected to pass the deadline")
        } catch let error as EngineError {
            #expect(error == .invalidInput("the file could not be processed safely: it took longer than 3 s"))
        }
        #expect(await engine.pool.replacedCount == 1)
        // The replacement serves the next call (a cheap one, so a busy machine cannot push it past the deadline).
        let inspection = try await engine.inspect(documentData: samplePDF, format: .pdf)
        #expect(inspection.pageCount == 1)
    }

    /// A worker that dies mid-call (here killed as the kernel's OOM killer would) fails that call only.
    @Test func aWorkerThatDiesFailsOnlyItsCall() async throws {
        let engine = try Self.engine(deadline: 60)
        defer { Task { await engine.shutdown() } }
        let started = Date()
        async let call = engine.detectFields(documentData: HostilePDF.nestedXObjects(), format: .pdf)
        // Kill whichever worker is busy once the call is running (bounded by the suite's time limit).
        var killed = false
        while !killed {
            try await Task.sleep(for: .milliseconds(100))
            let busy = await engine.pool.busyProcessIDs
            if busy.count == 1, Date().timeIntervalSince(started) > 0.5 {
                kill(busy[0], SIGKILL)
                killed = true
            }
        }
        do {
            _ = try await call
            Issue.record("the killed worker's call was expected to fail")
        } catch let error as EngineError {
            #expect(error.description.hasPrefix("the file could not be processed safely: the engine worker stopped"))
            #expect(error.description.contains("signal 9"))
        }
        let inspection = try await engine.inspect(documentData: samplePDF, format: .pdf)
        #expect(inspection.pageCount == 1)
    }

    /// A killed worker's call ends even when another process still holds the worker's ends of the pipes (here a
    /// child of the worker, which inherited them), so no end of file comes: the kill itself stops the wait.
    @Test(arguments: [
        // Waits for the reply: `sleep` holds the reply pipe's writing end.
        "sleep 60 & cat > /dev/null",
        // Never reads the request: `sleep` holds the request pipe's reading end, so the write cannot fail either.
        "exec 3<&0; sleep 60 0<&3 3<&- & exec sleep 60",
    ])
    func aKilledWorkersCallEndsWhileAnotherProcessHoldsItsPipes(script: String) async throws {
        let worker = try EngineWorkerProcess(executable: "/bin/sh", arguments: ["-c", script])
        // Larger than a pipe's buffer, so the second script's write blocks.
        let frame = EngineWorkerFrame(header: Data("{}".utf8), payload: Data(count: 1 << 20))
        let ended = await withTaskGroup(of: Bool?.self) { group in
            group.addTask {
                do {
                    _ = try await worker.exchange(frame)
                    return false
                } catch {
                    return true
                }
            }
            group.addTask {
                try? await Task.sleep(for: .milliseconds(300))
                worker.kill()
                // Far longer than the kill takes to be seen; shorter than the holder lives.
                try? await Task.sleep(for: .seconds(30))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        #expect(ended == true, "the call should fail once its worker is killed")
        #expect(await worker.terminate().contains("signal 9"))
    }

    /// A worker inherits no descriptor the server opened without close-on-exec (here a pipe's two ends), whose
    /// reader would otherwise never see the end of that pipe while the worker lives.
    @Test func aWorkerInheritsNoOtherDescriptor() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let worker = try EngineWorkerProcess(executable: "/bin/sleep", arguments: ["60"])
        let files = FileManager.default
        // Both ends link to the same name, `pipe:[inode]`.
        let pipeName = try files.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(ends[1])")
        let held = try files.contentsOfDirectory(atPath: "/proc/\(worker.pid)/fd").compactMap {
            try? files.destinationOfSymbolicLink(atPath: "/proc/\(worker.pid)/fd/\($0)")
        }
        #expect(!held.isEmpty)
        #expect(!held.contains(pipeName))
        _ = await worker.terminate()
    }

    /// Shutdown while a worker renders a document that never finishes: past the (zero) grace period the job is
    /// cancelled, its worker killed, and the runner stops; the job waits in the queue for the next start.
    @Test func shutdownEndsWhileAHostileJobRuns() async throws {
        let engine = try Self.engine(deadline: 600)
        defer { Task { await engine.shutdown() } }
        let folder = makeDataDirectory()
        let store = try SQLiteStore(path: folder.appendingPathComponent("legible.sqlite").path)
        let files = try FileStore(root: folder)
        let document = DocumentRecord(
            id: UUID().uuidString.lowercased(), owner: "o", fileName: "bomb.pdf", mimeType: "application/pdf",
            status: .imported, pageCount: 1, sha256: "", byteCount: 0, layout: nil, error: nil, createdAt: Date(),
            updatedAt: Date(), expiresAt: Date().addingTimeInterval(3600))
        try await store.insert(document: document)
        try files.write(HostilePDF.nestedXObjects(), to: files.original(documentID: document.id))
        let job = JobRecord.pending(kind: .detect, owner: "o", documentId: document.id, now: Date(), lifetime: 3600)
        _ = try await store.startDocumentJob(documentID: document.id, owner: "o", job: job, now: Date())
        let runner = JobRunner(
            queue: store,
            processor: JobProcessor(store: store, files: files, engines: .isolated(engine), logger: quietLogger),
            workerCount: 1, pollInterval: 60, gracePeriod: 0, signal: WakeSignal(), events: JobEvents(),
            logger: quietLogger)
        let group = ServiceGroup(services: [runner], logger: quietLogger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            while await engine.pool.busyCount == 0 { try await Task.sleep(for: .milliseconds(20)) }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(try await store.job(id: job.id, owner: nil)?.status == .pending)
        #expect(await engine.pool.replacedCount == 1)
    }

    /// Over HTTP with a real server: the nested-XObject document's job fails at the deadline while another key's
    /// scan completes, and the server keeps answering.
    @Test func aHostileDocumentFailsItsJobWhileAnotherKeysScanCompletes() async throws {
        // Long enough for a scan on a busy machine; the nested-XObject document runs far longer.
        let engine = try Self.engine(workers: 2, deadline: 8)
        defer { Task { await engine.shutdown() } }
        let configuration = testConfiguration {
            $0.apiKeys = ["key-alpha-0123456789", "key-bravo-0123456789"]
            $0.connectionIdleTimeout = 3600
        }
        let server = try await buildServer(configuration: configuration, engines: .isolated(engine), logger: quietLogger)
        let events = server.state.events
        try await server.application.test(.live) { liveClient in
            let client = ContractCheckedClient(liveClient)
            var alpha = HTTPFields(), bravo = HTTPFields()
            alpha[.apiKey] = "key-alpha-0123456789"
            bravo[.apiKey] = "key-bravo-0123456789"
            let upload = try await uploadDocument(client, HostilePDF.nestedXObjects(), headers: alpha)
            #expect(upload.status == .created)
            let id = try decode(UploadResponse.self, upload).documentId
            let process = try decode(
                DocumentJobResponse.self,
                try await client.execute(uri: "/api/v1/documents/\(id)/process", method: .post, headers: alpha))
            let scan = try decode(
                ScanSubmitResponse.self,
                try await submitScan(client, image: try fixture("examples/label.png"), device: "macbook", headers: bravo))
            await events.waitUntilFinished(scan.jobId)
            let scanned = try decode(
                ScanJobResponse.self, try await client.execute(uri: scan.checkStatusUrl, method: .get, headers: bravo))
            #expect(scanned.results?.topResult.serial == "C02XK1JCJG5J")
            await events.waitUntilFinished(process.jobId)
            let detail = try decode(
                DocumentDetailResponse.self, try await client.execute(uri: "/api/v1/documents/\(id)", method: .get, headers: alpha))
            #expect(detail.document.status == "failed")
            #expect(detail.document.error == "the file could not be processed safely: it took longer than 8 s")
            // A HEIC whose grid claims 30000x30000 behind a 205x102 ispe is refused, and the server answers on.
            let bomb = try await processSerial(
                client, image: try fixture("formats/grid-bomb.heic"), device: "iphone", headers: bravo)
            try expectError(bomb, .unprocessableContent, "UNPROCESSABLE_ENTITY")
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

@testable import LegibleServer

// MARK: Test doubles of the engines (tests only; the library has no fake OCR)

/// A serial reader that answers with fixed candidates, or waits until cancelled when `blocks` is set.
final class StubSerialReader: SerialReading {
    let candidates: [SerialCandidateReading]
    let blocks: Bool
    let failure: EngineError?
    private let calls = Mutex(0)

    init(
        candidates: [SerialCandidateReading] = [
            .init(serial: "C02XL0GHJGH5", confidence: 0.91), .init(serial: "C02XL0GHJGHS", confidence: 0.32),
        ], blocks: Bool = false, failure: EngineError? = nil, reason: String? = nil
    ) {
        self.candidates = candidates
        self.blocks = blocks
        self.failure = failure
        self.reason = reason
    }

    let reason: String?

    var callCount: Int { calls.withLock { $0 } }

    func readSerials(imageData: Data, preset: ScanPreset, deviceType: ScanDeviceType) async throws -> SerialReadout {
        calls.withLock { $0 += 1 }
        if blocks {
            // Waits until the worker is cancelled (shutdown); never returns normally.
            while true { try await Task.sleep(for: .seconds(3600)) }
        }
        if let failure { throw failure }
        return SerialReadout(candidates: candidates, processingTime: 0.0123, reason: reason)
    }

    func engineStatus() async -> EngineStatus {
        EngineStatus(available: true, engineVersion: "5.3.0-stub", poolSize: 2, busyCount: 0)
    }
}

/// A field detector with three fixed regions on one US Letter page; "encrypted" PDFs are refused.
struct StubFieldDetector: FieldDetecting {
    static let nameID = UUID(uuidString: "6F1C1D2E-0000-4000-8000-000000000001")!
    static let dateID = UUID(uuidString: "6F1C1D2E-0000-4000-8000-000000000002")!
    static let boxID = UUID(uuidString: "6F1C1D2E-0000-4000-8000-000000000003")!
    var fails = false

    func inspect(documentData: Data, format: DocumentFormat) async throws -> DocumentInspection {
        if documentData.range(of: Data("/Encrypt".utf8)) != nil {
            throw EngineError.invalidInput("PDF is encrypted; pass a password")
        }
        return DocumentInspection(pageCount: 1)
    }

    func detectFields(documentData: Data, format: DocumentFormat) async throws -> DetectedLayout {
        if fails { throw EngineError.invalidInput("page 1 could not be rendered") }
        return DetectedLayout(
            pages: [PageSize(width: 612, height: 792)],
            regions: [
                DetectedField(
                    id: Self.nameID, pageIndex: 0, x: 72, y: 100, width: 200, height: 20, fieldType: .text,
                    label: "Name", confidence: 0.9),
                DetectedField(
                    id: Self.dateID, pageIndex: 0, x: 72, y: 140, width: 120, height: 20, fieldType: .date,
                    label: "Date", confidence: 0.8),
                DetectedField(
                    id: Self.boxID, pageIndex: 0, x: 72, y: 180, width: 12, height: 12, fieldType: .checkbox,
                    label: nil, confidence: 0.7),
            ])
    }
}

/// A composer that writes a tiny PDF-like file listing the values, so tests can find them in the download.
struct StubComposer: FormComposing {
    func compose(documentData: Data, format: DocumentFormat, layout: DetectedLayout, values: [FieldValueInput])
        async throws -> Data
    {
        let lines = values.sorted { $0.fieldRegionId.uuidString < $1.fieldRegionId.uuidString }
            .map { "\($0.fieldRegionId.uuidString.lowercased())=\($0.value)" }
        return Data(("%PDF-1.7\n% stub\n" + lines.joined(separator: "\n") + "\n%%EOF\n").utf8)
    }
}

extension Engines {
    static func stubs(reader: StubSerialReader = StubSerialReader(), detector: StubFieldDetector = StubFieldDetector())
        -> Engines
    {
        Engines(serialReader: reader, fieldDetector: detector, formComposer: StubComposer())
    }
}

// MARK: Server set-up

/// A fresh data directory inside this test process's own folder under the temporary folder (removed when the
/// process exits; folders left by test processes that died are removed on the next run).
func makeDataDirectory() -> URL {
    let url = TestDataRoot.url.appendingPathComponent(UUID().uuidString)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// `legible-server-tests-<pid>` under the temporary folder: every data directory of one test run.
private enum TestDataRoot {
    static let prefix = "legible-server-tests-"

    static let url: URL = {
        removeLeftovers()
        let root = folder(for: getpid())
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestDataRoot.folder(for: getpid())) }
        return root
    }()

    static func folder(for pid: pid_t) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)\(pid)")
    }

    /// Removes the folders of test processes that are no longer running (and of older runs, which named
    /// their folders by UUID).
    private static func removeLeftovers() {
        let temporary = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            if let pid = pid_t(name.dropFirst(prefix.count)), kill(pid, 0) == 0 || errno == EPERM { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
    }
}

func testConfiguration(dataDirectory: URL = makeDataDirectory(), _ adjust: (inout ServerConfiguration) -> Void = { _ in })
    -> ServerConfiguration
{
    var configuration = ServerConfiguration(dataDirectory: dataDirectory, workerCount: 2)
    configuration.port = 0
    configuration.signingKey = "test-signing-key-0123456789"
    configuration.shutdownGracePeriod = 0
    configuration.database = testDatabase(for: dataDirectory)
    adjust(&configuration)
    return configuration
}

/// A fresh store for store-level tests: a schema of its own in `LEGIBLE_TEST_DATABASE_URL`'s database when set,
/// else a new SQLite database.
func makeTestStore() async throws -> any StateStore {
    let folder = makeDataDirectory()
    if let database = testDatabase(for: folder) {
        return try await PostgresStore.open(url: database, logger: quietLogger)
    }
    return try SQLiteStore(path: folder.appendingPathComponent("legible.sqlite").path)
}

/// `LEGIBLE_TEST_DATABASE_URL`, when set and not empty.
let testDatabaseBaseURL = ProcessInfo.processInfo.environment["LEGIBLE_TEST_DATABASE_URL"].flatMap {
    $0.isEmpty ? nil : $0
}

/// The PostgreSQL database the server tests run against when `LEGIBLE_TEST_DATABASE_URL` names one (CI runs
/// them once on SQLite and once on PostgreSQL), else nil (SQLite). Each data directory gets its own schema, so
/// tests do not see each other's jobs and a restart on the same directory finds its state again.
func testDatabase(for dataDirectory: URL) -> DatabaseURL? {
    guard let base = testDatabaseBaseURL else { return nil }
    let digest = dataDirectory.standardizedFileURL.path.utf8.reduce(UInt64(14_695_981_039_346_656_037)) {
        ($0 ^ UInt64($1)) &* 1_099_511_628_211
    }
    let separator = base.contains("?") ? "&" : "?"
    return try? DatabaseURL("\(base)\(separator)schema=t\(String(digest, radix: 36))")
}

var quietLogger: Logger {
    var logger = Logger(label: "legible-server-tests")
    logger.logLevel = .critical
    return logger
}

typealias TestServer = ServerState

/// Builds a server on `configuration` and runs `body` against it with the router test framework; every response
/// is checked against the apps' wire models (`ContractCheckedClient`).
func withServer<Value: Sendable>(
    _ configuration: ServerConfiguration = testConfiguration(), engines: Engines = .stubs(),
    _ body: @Sendable (TestServer, any TestClientProtocol) async throws -> Value
) async throws -> Value {
    let server = try await buildServer(configuration: configuration, engines: engines, logger: quietLogger)
    let state = server.state
    return try await server.application.test(.router) { client in try await body(state, ContractCheckedClient(client)) }
}

// MARK: Requests

struct FormPart {
    var name: String
    var fileName: String?
    var contentType: String?
    var data: Data

    static func field(_ name: String, _ value: String) -> FormPart {
        FormPart(name: name, fileName: nil, contentType: nil, data: Data(value.utf8))
    }
    static func file(_ name: String, _ data: Data, fileName: String = "upload.bin", contentType: String? = nil)
        -> FormPart
    {
        FormPart(name: name, fileName: fileName, contentType: contentType, data: data)
    }
}

let testBoundary = "legible-test-boundary-7MA4YWxkTrZu0gW"

func multipartBody(_ parts: [FormPart], boundary: String = testBoundary) -> ByteBuffer {
    var data = Data()
    for part in parts {
        data.append(Data("--\(boundary)\r\n".utf8))
        var disposition = "Content-Disposition: form-data; name=\"\(part.name)\""
        if let fileName = part.fileName { disposition += "; filename=\"\(fileName)\"" }
        data.append(Data("\(disposition)\r\n".utf8))
        if let contentType = part.contentType { data.append(Data("Content-Type: \(contentType)\r\n".utf8)) }
        data.append(Data("\r\n".utf8))
        data.append(part.data)
        data.append(Data("\r\n".utf8))
    }
    data.append(Data("--\(boundary)--\r\n".utf8))
    return ByteBuffer(bytes: data)
}

func multipartHeaders(_ extra: HTTPFields = [:], boundary: String = testBoundary) -> HTTPFields {
    var headers = extra
    headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
    return headers
}

func jsonHeaders(_ extra: HTTPFields = [:]) -> HTTPFields {
    var headers = extra
    headers[.contentType] = "application/json"
    return headers
}

// MARK: Fixtures and decoding

let testImagesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("TestImages")

func fixture(_ path: String) throws -> Data {
    try Data(contentsOf: testImagesFolder.appendingPathComponent(path))
}

/// A minimal one-page PDF (text only; enough for the stub detector).
let samplePDF = Data(
    """
    %PDF-1.4
    1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
    2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
    3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj
    trailer << /Root 1 0 R >>
    %%EOF
    """.utf8)

func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(T.self, from: Data(buffer: response.body))
}

func errorEnvelope(_ response: TestResponse) throws -> ErrorEnvelope.Body {
    try decode(ErrorEnvelope.self, response).error
}

/// Asserts the envelope: status, code, and that `statusCode` matches the HTTP status.
func expectError(
    _ response: TestResponse, _ status: HTTPResponse.Status, _ code: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(response.status == status, sourceLocation: sourceLocation)
    let body = try errorEnvelope(response)
    #expect(body.code == code, sourceLocation: sourceLocation)
    #expect(body.statusCode == Int(status.code), sourceLocation: sourceLocation)
    #expect(!body.message.isEmpty, sourceLocation: sourceLocation)
    #expect(response.headers[.contentType]?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
}

extension Data {
    init(buffer: ByteBuffer) {
        self.init(buffer.readableBytesView)
    }
}

// MARK: Flows

func submitScan(_ client: some TestClientProtocol, image: Data, device: String = "iphone", preset: String? = nil,
    headers: HTTPFields = [:]) async throws -> TestResponse
{
    var parts: [FormPart] = [.file("image", image, fileName: "photo.jpg", contentType: "image/jpeg"), .field("device_type", device)]
    if let preset { parts.append(.field("preset", preset)) }
    return try await client.execute(
        uri: "/scan", method: .post, headers: multipartHeaders(headers), body: multipartBody(parts))
}

/// `POST /process-serial` with `image` and `device`.
func processSerial(_ client: some TestClientProtocol, image: Data, device: String = "iphone", headers: HTTPFields = [:])
    async throws -> TestResponse
{
    try await client.execute(
        uri: "/process-serial", method: .post, headers: multipartHeaders(headers),
        body: multipartBody([.file("image", image), .field("device_type", device)]))
}

func uploadDocument(_ client: some TestClientProtocol, _ data: Data = samplePDF, headers: HTTPFields = [:])
    async throws -> TestResponse
{
    try await client.execute(
        uri: "/api/v1/documents/init-upload", method: .post, headers: multipartHeaders(headers),
        body: multipartBody([.file("file", data, fileName: "form.pdf", contentType: "application/pdf")]))
}

/// Uploads and processes a document, waiting for detection; returns its id.
func readyDocument(_ server: TestServer, _ client: some TestClientProtocol) async throws -> String {
    let upload = try await uploadDocument(client)
    #expect(upload.status == .created)
    let id = try decode(UploadResponse.self, upload).documentId
    let process = try await client.execute(uri: "/api/v1/documents/\(id)/process", method: .post)
    #expect(process.status == .accepted)
    let job = try decode(DocumentJobResponse.self, process)
    await server.events.waitUntilFinished(job.jobId)
    return id
}

/// The path and query of an absolute link.
func pathOf(_ link: String) -> String {
    guard let components = URLComponents(string: link) else { return link }
    return components.percentEncodedPath + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
}

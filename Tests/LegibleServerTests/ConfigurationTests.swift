import Foundation
import SerialScan
import Testing

@testable import LegibleServer

@Suite("Configuration")
struct ConfigurationTests {
    @Test func readsEnvironment() throws {
        let configuration = try ServerConfiguration(environment: [
            "LEGIBLE_HOST": "0.0.0.0", "LEGIBLE_PORT": "9000", "LEGIBLE_DATA_DIR": "/tmp/x",
            "LEGIBLE_WORKERS": "3", "LEGIBLE_API_KEYS": " key-one-123456, ,key-two-123456,key-one-123456",
            "LEGIBLE_RATE_LIMIT": "10", "LEGIBLE_RATE_LIMIT_WINDOW": "30", "LEGIBLE_MAX_UPLOAD_BYTES": "2048",
            "LEGIBLE_SCAN_TTL": "60", "LEGIBLE_DOCUMENT_TTL": "120", "LEGIBLE_PUBLIC_URL": "https://x.test",
            "LEGIBLE_SCAN_TIME_LIMIT": "0.25", "LEGIBLE_LINE_READER": "legible",
        ])
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.port == 9000)
        #expect(configuration.dataDirectory.path == "/tmp/x")
        #expect(configuration.workerCount == 3)
        #expect(configuration.apiKeys == ["key-one-123456", "key-two-123456"])
        #expect(configuration.rateLimitRequests == 10)
        #expect(configuration.rateLimitWindow == 30)
        #expect(configuration.maxUploadBytes == 2048)
        #expect(configuration.scanJobLifetime == 60)
        #expect(configuration.documentLifetime == 120)
        #expect(configuration.publicBaseURL == "https://x.test")
        #expect(configuration.scanTimeLimit == 0.25)
        #expect(configuration.lineReader == .legible)
        try configuration.validate()
    }

    @Test func defaultsAreUsable() throws {
        let configuration = try ServerConfiguration(environment: [:])
        #expect(configuration.scanJobLifetime == 3600)
        #expect(configuration.documentLifetime == 86400)
        #expect(configuration.apiKeys.isEmpty)
        #expect(configuration.scanTimeLimit == nil)
        #expect(configuration.lineReader == .legible)
        try configuration.validate()
    }

    @Test func aLineReaderFallbackIsWarnedOfAtStart() {
        func status(_ reader: String?) -> EngineStatus {
            EngineStatus(available: true, engineVersion: "5.3.0", poolSize: 2, busyCount: 0, lineReader: reader)
        }
        let warning = lineReaderFallback(configured: .legible, status: status("tesseract"))
        #expect(warning?.contains("could not load the serial models") == true)
        #expect(warning?.contains("tesseract") == true)
        #expect(lineReaderFallback(configured: .legible, status: status("legible")) == nil)
        // Tesseract's engine chosen on purpose, or a reader that does not say which: nothing to warn of.
        #expect(lineReaderFallback(configured: .tesseract, status: status("tesseract")) == nil)
        #expect(lineReaderFallback(configured: .legible, status: status(nil)) == nil)
    }

    @Test func rejectsBadValues() {
        #expect(throws: ConfigurationError.self) { try ServerConfiguration(environment: ["LEGIBLE_PORT": "eighty"]) }
        #expect(throws: ConfigurationError.self) { try ServerConfiguration(environment: ["LEGIBLE_SCAN_TTL": "inf"]) }
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration(environment: ["LEGIBLE_SCAN_TIME_LIMIT": "soon"])
        }
        do {
            _ = try ServerConfiguration(environment: ["LEGIBLE_LINE_READER": "fast"])
            Issue.record("an unknown line reader was accepted")
        } catch {
            #expect("\(error)".contains("LEGIBLE_LINE_READER must be tesseract or legible, got \"fast\""))
        }
        for adjust in [
            { (c: inout ServerConfiguration) in c.port = 70000 },
            { $0.workerCount = 0 },
            { $0.apiKeys = ["short"] },
            { $0.maxUploadBytes = 10 },
            { $0.signingKey = "tiny" },
            { $0.rateLimitRequests = 0 },
            { $0.scanTimeLimit = 0 },
            { $0.scanTimeLimit = -1 },
            { $0.scanTimeLimit = .nan },
            { $0.scanTimeLimit = 601 },
        ] {
            var configuration = ServerConfiguration()
            adjust(&configuration)
            #expect(throws: ConfigurationError.self) { try configuration.validate() }
        }
    }
}

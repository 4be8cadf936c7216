import AppWireModels
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LegibleServer

/// The apps' wire contract (DESIGN.md, "Wire types the apps decode"). Every server test's responses already pass
/// through `ContractCheckedClient`; these tests make sure each route of both APIs is exercised on its success
/// and error paths, and that the check itself refuses the shapes the apps cannot decode.
@Suite("App wire contract", .timeLimit(.minutes(2)))
struct AppContractTests {
    @Test func theCheckRefusesWhatTheAppsCannotDecode() throws {
        let numberEstimate = #"{"job_id":"a","status":"submitted","message":"m","estimated_time":4,"check_status_url":"/r"}"#
        #expect(throws: ContractViolation.self) {
            try AppContract.check(method: "POST", path: "/scan", status: 202, body: Data(numberEstimate.utf8))
        }
        let nullTop = #"{"serials":[],"top_result":null,"total_detected":0,"processing_time":0.1}"#
        #expect(throws: ContractViolation.self) {
            try AppContract.check(method: "POST", path: "/process-serial", status: 200, body: Data(nullTop.utf8))
        }
        let fractional = """
            {"document": {"id": "6f1c1d2e-0000-4000-8000-000000000001", "fileName": "f", "mimeType": "m",
             "status": "ready", "pageCount": 1, "createdAt": "2026-11-28T10:00:00.123Z",
             "updatedAt": "2026-11-28T10:00:00Z"}, "components": [], "fieldMap": {}}
            """
        #expect(throws: ContractViolation.self) {
            try AppContract.check(
                method: "GET", path: "/api/v1/documents/6f1c1d2e-0000-4000-8000-000000000001", status: 200,
                body: Data(fractional.utf8))
        }
        let wrongStatusCode = #"{"error":{"code":"NOT_FOUND","message":"m","statusCode":400}}"#
        #expect(throws: ContractViolation.self) {
            try AppContract.check(method: "GET", path: "/result/x", status: 404, body: Data(wrongStatusCode.utf8))
        }
    }

    @Test func everyRouteIsHeldToItsModel() {
        let id = "6f1c1d2e-0000-4000-8000-000000000001"
        let expected: [(String, String, Int, AppContract.Model)] = [
            ("POST", "/scan", 202, .scanSubmission),
            ("GET", "/result/\(id)", 200, .scanStatus),
            ("POST", "/result/\(id)/cancel", 200, .scanStatus),
            ("DELETE", "/result/\(id)", 204, .none),
            ("GET", "/jobs?status=completed", 200, .scanJobList),
            ("POST", "/process-serial", 200, .scanResults),
            ("POST", "/api/v1/documents/init-upload", 201, .initUpload),
            ("GET", "/api/v1/documents/\(id)", 200, .documentDetail),
            ("POST", "/api/v1/documents/\(id)/process", 202, .documentJob),
            ("POST", "/api/v1/documents/\(id)/values", 200, .values),
            ("POST", "/api/v1/documents/\(id)/compose", 202, .documentJob),
            ("GET", "/api/v1/documents/\(id)/download?expiresIn=60", 200, .download),
            ("GET", "/api/v1/documents/\(id)", 404, .errorEnvelope),
            ("POST", "/scan", 413, .errorEnvelope),
        ]
        for (method, path, status, model) in expected {
            #expect(AppContract.model(method: method, path: path, status: status) == model, "\(method) \(path)")
        }
    }

    /// Both APIs end to end, with every answer decoded by the apps' models (the client checks each one).
    @Test func bothAPIsDecodeOnSuccessAndErrorPaths() async throws {
        let image = try fixture("formats/sample.png")
        let missing = UUID().uuidString.lowercased()
        try await withServer { server, client in
            // Scans: submit, result, list, synchronous read, cancel after completion (409), delete, and errors.
            let submitted = try await submitScan(client, image: image)
            #expect(submitted.status == .accepted)
            let job = try decode(ScanSubmitResponse.self, submitted)
            await server.events.waitUntilFinished(job.jobId)
            #expect(try await client.execute(uri: "/result/\(job.jobId)", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/jobs", method: .get).status == .ok)
            let sync = try await processSerial(client, image: image, device: "iphone")
            #expect(sync.status == .ok)
            #expect(try await client.execute(uri: "/result/\(job.jobId)/cancel", method: .post).status == .conflict)
            #expect(try await client.execute(uri: "/result/\(job.jobId)", method: .delete).status == .noContent)
            #expect(try await client.execute(uri: "/result/\(job.jobId)", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/result/not-a-uuid", method: .get).status == .badRequest)
            let noImage = try await client.execute(
                uri: "/scan", method: .post, headers: multipartHeaders(),
                body: multipartBody([.field("device_type", "iphone")]))
            #expect(noImage.status == .badRequest)

            // Documents: upload, detail, process, values, compose, download, delete, and errors.
            let id = try await readyDocument(server, client)
            #expect(try await client.execute(uri: "/api/v1/documents/\(id)", method: .get).status == .ok)
            let values = try await client.execute(
                uri: "/api/v1/documents/\(id)/values", method: .post, headers: jsonHeaders(),
                body: ByteBuffer(string: #"{"values": [{"fieldRegionId": "\#(StubFieldDetector.nameID)", "value": "A"}]}"#))
            #expect(values.status == .ok)
            let compose = try await client.execute(uri: "/api/v1/documents/\(id)/compose", method: .post)
            #expect(compose.status == .accepted)
            await server.events.waitUntilFinished(try decode(DocumentJobResponse.self, compose).jobId)
            #expect(try await client.execute(uri: "/api/v1/documents/\(id)/download", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/api/v1/documents/\(id)/process", method: .post).status == .accepted)
            #expect(try await client.execute(uri: "/api/v1/documents/\(missing)", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/api/v1/documents/\(missing)/download", method: .get).status == .notFound)
            let badValues = try await client.execute(
                uri: "/api/v1/documents/\(id)/values", method: .post, headers: jsonHeaders(),
                body: ByteBuffer(string: #"{"values": [{"fieldRegionId": "nope", "value": "A"}]}"#))
            #expect(badValues.status == .badRequest)
            #expect(try await client.execute(uri: "/api/v1/documents/\(id)", method: .delete).status == .noContent)
            #expect(try await client.execute(uri: "/api/v1/nowhere", method: .get).status == .notFound)
        }
    }

    /// A scan that reads nothing still decodes on both routes (results null; a 422 envelope when synchronous).
    @Test func aScanThatReadsNothingDecodes() async throws {
        let image = try fixture("formats/sample.png")
        let reader = StubSerialReader(candidates: [], reason: "no text lines found")
        try await withServer(engines: .stubs(reader: reader)) { server, client in
            let job = try decode(ScanSubmitResponse.self, try await submitScan(client, image: image))
            await server.events.waitUntilFinished(job.jobId)
            #expect(try await client.execute(uri: "/result/\(job.jobId)", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/jobs", method: .get).status == .ok)
            let sync = try await processSerial(client, image: image, device: "iphone")
            #expect(sync.status == .unprocessableContent)
        }
    }
}

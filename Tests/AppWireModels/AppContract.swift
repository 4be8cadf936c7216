public import Foundation

/// A response an app could not decode: the request, the status, the body and the decoder's complaint.
public struct ContractViolation: Error, CustomStringConvertible {
    public var method: String
    public var path: String
    public var status: Int
    public var body: String
    public var reason: String

    public var description: String {
        "\(method) \(path) answered \(status) with a body the app cannot decode: \(reason)\nbody: \(body)"
    }
}

/// Which app model a response must decode into, by method, path and status, and the check itself.
public enum AppContract {
    /// A model a response body is held to.
    public enum Model: Equatable, Sendable {
        case scanSubmission, scanStatus, scanResults, scanJobList
        case initUpload, documentDetail, download, documentJob, values
        case errorEnvelope
        /// No body an app decodes (204, the filled PDF, health, the OpenAPI document).
        case none
    }

    /// The model for a response to `method path` with `status`. Every 4xx and 5xx is held to the error envelope.
    public static func model(method: String, path: String, status: Int) -> Model {
        if method == "HEAD" { return .none }
        if status >= 400 { return .errorEnvelope }
        if status == 204 { return .none }
        let segments = path.split(separator: "?", maxSplits: 1).first.map { $0.split(separator: "/").map(String.init) } ?? []
        switch (method, segments.count) {
        case ("POST", 1) where segments == ["scan"]: return .scanSubmission
        case ("POST", 1) where segments == ["process-serial"]: return .scanResults
        case ("GET", 1) where segments == ["jobs"]: return .scanJobList
        case ("GET", 2) where segments[0] == "result": return .scanStatus
        case ("POST", 3) where segments[0] == "result" && segments[2] == "cancel": return .scanStatus
        default: break
        }
        guard segments.count >= 4, segments[0...2] == ["api", "v1", "documents"] else { return .none }
        switch (method, segments.count, segments.count == 5 ? segments[4] : "") {
        case ("POST", 4, _) where segments[3] == "init-upload": return .initUpload
        case ("GET", 4, _): return .documentDetail
        case ("POST", 5, "process"), ("POST", 5, "compose"): return .documentJob
        case ("POST", 5, "values"): return .values
        case ("GET", 5, "download"): return .download
        default: return .none
        }
    }

    /// Decodes `body` as the app would; throws `ContractViolation` when it cannot (or when an error envelope's
    /// `statusCode` is not the HTTP status).
    public static func check(method: String, path: String, status: Int, body: Data) throws {
        let model = model(method: method, path: path, status: status)
        func fail(_ reason: String) -> ContractViolation {
            ContractViolation(
                method: method, path: path, status: status, body: String(decoding: body.prefix(2000), as: UTF8.self),
                reason: reason)
        }
        do {
            switch model {
            case .none: return
            case .scanSubmission: _ = try ScanningApp.decoder.decode(ScanningApp.ScanSubmission.self, from: body)
            case .scanStatus: _ = try ScanningApp.decoder.decode(ScanningApp.ScanStatus.self, from: body)
            case .scanResults: _ = try ScanningApp.decoder.decode(ScanningApp.ScanResults.self, from: body)
            case .scanJobList: _ = try ScanningApp.decoder.decode(ScanningApp.JobList.self, from: body)
            case .initUpload: _ = try DocumentsApp.decoder.decode(DocumentsApp.InitUploadResponse.self, from: body)
            case .documentDetail:
                _ = try DocumentsApp.decoder.decode(DocumentsApp.DocumentDetailResponse.self, from: body)
            case .download: _ = try DocumentsApp.decoder.decode(DocumentsApp.DownloadResponse.self, from: body)
            case .documentJob: _ = try DocumentsApp.decoder.decode(DocumentsApp.JobAccepted.self, from: body)
            case .values: _ = try DocumentsApp.decoder.decode(DocumentsApp.ValuesResponse.self, from: body)
            case .errorEnvelope:
                let envelope = try JSONDecoder().decode(ErrorEnvelopeModel.self, from: body)
                guard envelope.error.statusCode == status else {
                    throw fail("error.statusCode \(envelope.error.statusCode) is not the HTTP status")
                }
            }
        } catch let violation as ContractViolation {
            throw violation
        } catch {
            throw fail("as \(model): \(error)")
        }
    }
}

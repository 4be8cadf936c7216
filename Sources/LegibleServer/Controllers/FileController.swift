import Foundation
import Hummingbird

/// Serves filled PDFs through signed, expiring links: `GET /files/documents/{id}/filled.pdf?expires=&signature=`.
/// The signature is the credential, so this route needs no API key.
struct FileController {
    let state: ServerState

    static func filledPath(documentID: String) -> String { "/files/documents/\(documentID)/filled.pdf" }

    var endpoints: RouteCollection<LegibleRequestContext> {
        let routes = RouteCollection(context: LegibleRequestContext.self)
        routes.get("documents/{id}/filled.pdf", use: filled)
        return routes
    }

    @Sendable func filled(_ request: Request, context: LegibleRequestContext) async throws -> Response {
        guard let rawID = context.parameters.get("id"),
            let expires = request.uri.queryParameters.get("expires").flatMap({ Int($0) }),
            let signature = request.uri.queryParameters.get("signature"),
            state.signer.verify(
                path: Self.filledPath(documentID: rawID), expires: expires, signature: signature, now: Date())
        else {
            throw APIError.forbidden("download link is invalid or has expired; ask for a new one")
        }
        guard let document = try await state.store.document(id: rawID, owner: nil), document.status == .filled,
            let data = try? state.files.read(state.files.filled(documentID: rawID))
        else {
            throw APIError.notFound("filled document not found")
        }
        let base = (document.fileName as NSString).deletingPathExtension
        let safe = String(base.unicodeScalars.filter { $0.isASCII && $0 != "\"" && $0 != "\\" && $0.value >= 32 })
        var headers: HTTPFields = [:]
        headers[.contentType] = "application/pdf"
        headers[.contentDisposition] = "attachment; filename=\"\(safe.isEmpty ? "document" : safe)-filled.pdf\""
        headers[.cacheControl] = "private, no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

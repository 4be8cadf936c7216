import Hummingbird

/// `GET /openapi.yaml`: the OpenAPI 3.1 description of every route, the file as it is (``OpenAPIDocument``).
struct OpenAPIController {
    var endpoints: RouteCollection<LegibleRequestContext> {
        let routes = RouteCollection(context: LegibleRequestContext.self)
        routes.get("openapi.yaml") { _, _ in
            guard let bytes = OpenAPIDocument.bytes else {
                throw APIError.unavailable(
                    "the OpenAPI document was not deployed with the server: copy Legible_LegibleServer.resources/"
                        + " beside the legible-server binary")
            }
            var headers: HTTPFields = [:]
            headers[.contentType] = "application/yaml; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        return routes
    }
}
